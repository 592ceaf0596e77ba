CREATE TABLE "outbox_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "ordering_settings" ADD COLUMN "alert_phone" text;--> statement-breakpoint
-- Every outbox text gets its delivery job in the statement that records it, as mail does (migration 0027):
-- no code path can record a text without queueing it. Its columns are pg-boss 10's, pinned with it.
CREATE OR REPLACE FUNCTION brigade_queue_outbox_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
  SELECT q.name, jsonb_build_object('textId', NEW.id), q.retry_limit, q.retry_delay, q.retry_backoff,
         q.expire_seconds * interval '1 second', q.policy
  FROM pgboss.queue q
  WHERE q.name = 'sms.deliver';
  PERFORM pg_notify('brigade_jobs', 'sms.deliver');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_texts_queue_delivery AFTER INSERT ON outbox_texts
  FOR EACH ROW EXECUTE FUNCTION brigade_queue_outbox_text();
