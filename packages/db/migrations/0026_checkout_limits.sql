CREATE TABLE "ordering_alerts" (
	"alert_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordering_alerts_alert_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"declines" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordering_alerts_kind" CHECK ("ordering_alerts"."kind" in ('decline_burst'))
);
--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD COLUMN "max_transaction_amount" integer DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "ordering_alerts" ADD CONSTRAINT "ordering_alerts_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ordering_alerts_restaurant_idx" ON "ordering_alerts" USING btree ("tenant_id","restaurant_id","created_at");--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_max_transaction_amount_check" CHECK ("merchant_accounts"."max_transaction_amount" > 0);--> statement-breakpoint
-- Walled like every tenant table (decision 018); not audited: the server writes each alert, nobody edits it.
SELECT "brigade_protect_tenant_table"('ordering_alerts', false);
