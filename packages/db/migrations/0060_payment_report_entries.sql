CREATE TABLE "payment_report_days" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"report" text NOT NULL,
	"report_date" date NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_report_days_pkey" PRIMARY KEY("tenant_id","restaurant_id","report","report_date"),
	CONSTRAINT "payment_report_days_report_check" CHECK ("payment_report_days"."report" in ('settlement', 'funding'))
);
--> statement-breakpoint
CREATE TABLE "payment_report_entries" (
	"entry_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_report_entries_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"report_date" date NOT NULL,
	"retref" text NOT NULL,
	"amount" bigint,
	"batch_id" text,
	"settlement_status" text,
	"outcome" text,
	CONSTRAINT "payment_report_entries_kind_check" CHECK ("payment_report_entries"."kind" in ('settled', 'funded', 'chargeback'))
);
--> statement-breakpoint
ALTER TABLE "payment_report_days" ADD CONSTRAINT "payment_report_days_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_report_entries" ADD CONSTRAINT "payment_report_entries_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_report_entries_date_idx" ON "payment_report_entries" USING btree ("tenant_id","restaurant_id","report_date");--> statement-breakpoint
-- Walled like every tenant table (decision 018); not audited: copies of the gateway's reports that only the
-- import writes, like payment_fundings.
SELECT "brigade_protect_tenant_table"('payment_report_days', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('payment_report_entries', false);
