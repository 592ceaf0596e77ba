ALTER TABLE "orders" ADD COLUMN "last_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "server_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "check_discount" jsonb;--> statement-breakpoint
ALTER TABLE "time_clock_settings" ADD COLUMN "approval_limit" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_clock_settings" ADD COLUMN "approval_limit_percent" integer DEFAULT 10 NOT NULL;