CREATE TABLE "domain_mapping_status_changes" (
	"change_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_mapping_status_changes_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"mapping_guid" uuid NOT NULL,
	"domain" text NOT NULL,
	"changed_by" text NOT NULL,
	"changes" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "domain_mapping_status_changes_tenant_idx" ON "domain_mapping_status_changes" USING btree ("tenant_id","changed_at");--> statement-breakpoint
CREATE INDEX "domain_mapping_status_changes_mapping_idx" ON "domain_mapping_status_changes" USING btree ("mapping_guid","changed_at");