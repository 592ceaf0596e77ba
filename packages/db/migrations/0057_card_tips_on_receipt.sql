ALTER TABLE "order_tenders" ADD COLUMN "tip_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "tip_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "time_clock_settings" ADD COLUMN "card_tips" text DEFAULT 'terminal' NOT NULL;