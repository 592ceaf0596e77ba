ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_channel_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_channel_check";--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "mode" text DEFAULT 'register' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_channel_check" CHECK ("ledger_lines"."channel" in ('online', 'virtual_terminal', 'pos', 'kiosk'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('online', 'pos', 'kiosk'));--> statement-breakpoint
ALTER TABLE "pos_devices" ADD CONSTRAINT "pos_devices_mode_check" CHECK ("pos_devices"."mode" in ('register', 'kiosk'));