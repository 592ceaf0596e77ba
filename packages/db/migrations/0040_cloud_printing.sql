CREATE TABLE "print_jobs" (
	"print_job_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_jobs_print_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"printer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"token" text NOT NULL,
	"media_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"handed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"result" text,
	"afterwards" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_status_check" CHECK ("print_jobs"."status" in ('waiting', 'handed', 'printed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "printer_links" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"printer_id" integer NOT NULL,
	"link_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_status" text,
	CONSTRAINT "printer_links_pkey" PRIMARY KEY("tenant_id","restaurant_id","printer_id")
);
--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "connection" text DEFAULT 'Raw TCP' NOT NULL;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "cloud_device_id" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_links" ADD CONSTRAINT "printer_links_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_token_key" ON "print_jobs" USING btree ("token");--> statement-breakpoint
CREATE INDEX "print_jobs_printer_idx" ON "print_jobs" USING btree ("tenant_id","restaurant_id","printer_id","print_job_id") WHERE "print_jobs"."status" in ('waiting', 'handed');--> statement-breakpoint
CREATE INDEX "print_jobs_source_idx" ON "print_jobs" USING btree ("source");--> statement-breakpoint
CREATE UNIQUE INDEX "printer_links_link_key" ON "printer_links" USING btree ("link_id");--> statement-breakpoint
-- Walled like every tenant table (decision 018). A link is audited (who gave a printer a new secret) without
-- its polls or its secret's hash; the print queue is the jobs' bookkeeping, like kitchen_tickets.
SELECT "brigade_protect_tenant_table"('printer_links', true, '{last_poll_at,last_status}', '{secret_hash}');--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('print_jobs', false);
