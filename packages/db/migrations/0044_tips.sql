CREATE TABLE "tip_rules" (
	"rule_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tip_rules_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"percent_bp" integer NOT NULL,
	"source_job_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receiving_job_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_rules_basis_check" CHECK ("tip_rules"."basis" in ('net_sales', 'tips', 'unassigned_tips')),
	CONSTRAINT "tip_rules_percent_check" CHECK ("tip_rules"."percent_bp" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "server_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "tip_rules" ADD CONSTRAINT "tip_rules_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tip_rules_restaurant_idx" ON "tip_rules" USING btree ("tenant_id","restaurant_id");--> statement-breakpoint
-- Walled like every tenant table (decision 018); tip-out rules are audited like the time clock's settings.
SELECT "brigade_protect_tenant_table"('tip_rules', true);
