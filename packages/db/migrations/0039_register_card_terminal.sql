ALTER TABLE "order_tenders" DROP CONSTRAINT "order_tenders_method_check";--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "transaction_id" text;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "last_four" text;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "authcode" text;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "tip" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "terminal_hsn" text;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "terminal_key" text;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD COLUMN "terminal_paired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD CONSTRAINT "order_tenders_card_check" CHECK ("order_tenders"."method" = 'cash' or ("order_tenders"."transaction_id" is not null and "order_tenders"."change" = 0));--> statement-breakpoint
ALTER TABLE "order_tenders" ADD CONSTRAINT "order_tenders_method_check" CHECK ("order_tenders"."method" in ('cash', 'card'));