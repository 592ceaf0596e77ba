-- Every outbox message gets its delivery job in the statement that records it (docs/jobs.md, decision 048):
-- no code path can record mail without queueing it, and a password reset stays one statement whether or not
-- the address has an account (decision 014). The job takes its queue's retry policy from pg-boss's queue
-- table (packages/db/src/job-queue.ts, QUEUES.mail); its columns are pg-boss 10's, pinned with it.
CREATE OR REPLACE FUNCTION brigade_queue_outbox_email() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
  SELECT q.name, jsonb_build_object('outboxId', NEW.id), q.retry_limit, q.retry_delay, q.retry_backoff,
         q.expire_seconds * interval '1 second', q.policy
  FROM pgboss.queue q
  WHERE q.name = 'mail.deliver';
  PERFORM pg_notify('brigade_jobs', 'mail.deliver');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_emails_queue_delivery AFTER INSERT ON outbox_emails
  FOR EACH ROW EXECUTE FUNCTION brigade_queue_outbox_email();
