CREATE TABLE "employee_passcodes" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"passcode_hash" text NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_passcodes_pkey" PRIMARY KEY("tenant_id","restaurant_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "time_breaks" (
	"break_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_breaks_break_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"paid" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "time_breaks_times_check" CHECK ("time_breaks"."ended_at" is null or "time_breaks"."ended_at" >= "time_breaks"."started_at")
);
--> statement-breakpoint
CREATE TABLE "time_clock_settings" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"overtime_weekly_hours" numeric DEFAULT 40 NOT NULL,
	"week_starts_on" text DEFAULT 'monday' NOT NULL,
	"pay_period" text DEFAULT 'weekly' NOT NULL,
	"pay_period_anchor" date,
	"lock_with_passcodes" boolean DEFAULT false NOT NULL,
	"auto_lock_seconds" integer DEFAULT 120 NOT NULL,
	CONSTRAINT "time_clock_settings_pkey" PRIMARY KEY("tenant_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"entry_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_entries_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"wage" bigint NOT NULL,
	"clock_in_at" timestamp with time zone NOT NULL,
	"clock_out_at" timestamp with time zone,
	"declared_tips" bigint DEFAULT 0 NOT NULL,
	"device_id" bigint,
	"edited_by" text,
	"edited_at" timestamp with time zone,
	"edit_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_times_check" CHECK ("time_entries"."clock_out_at" is null or "time_entries"."clock_out_at" >= "time_entries"."clock_in_at"),
	CONSTRAINT "time_entries_amounts_check" CHECK ("time_entries"."wage" >= 0 and "time_entries"."declared_tips" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "staff_employee_id" integer;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "staff_unlocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "passcode_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employee_passcodes" ADD CONSTRAINT "employee_passcodes_employee_fk" FOREIGN KEY ("tenant_id","restaurant_id","employee_id") REFERENCES "public"."employees"("tenant_id","restaurant_id","employee_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_breaks" ADD CONSTRAINT "time_breaks_entry_id_time_entries_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."time_entries"("entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_breaks" ADD CONSTRAINT "time_breaks_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_clock_settings" ADD CONSTRAINT "time_clock_settings_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_passcodes_hash_key" ON "employee_passcodes" USING btree ("tenant_id","restaurant_id","passcode_hash");--> statement-breakpoint
CREATE INDEX "time_breaks_entry_idx" ON "time_breaks" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_breaks_open_key" ON "time_breaks" USING btree ("entry_id") WHERE "time_breaks"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_open_key" ON "time_entries" USING btree ("tenant_id","restaurant_id","employee_id") WHERE "time_entries"."clock_out_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_period_idx" ON "time_entries" USING btree ("tenant_id","restaurant_id","clock_in_at");--> statement-breakpoint
-- Walled like every tenant table (decision 018). Passcode hashes never reach the audit log (a change still
-- shows, redacted); time entries and breaks are audited, so a manager's edit keeps its before, after and
-- reason (decision 054).
SELECT "brigade_protect_tenant_table"('employee_passcodes', true, '{}', '{passcode_hash}');--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('time_entries', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('time_breaks', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('time_clock_settings', true);
