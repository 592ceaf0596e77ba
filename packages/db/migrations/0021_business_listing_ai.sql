ALTER TABLE "business_listing_connections" ADD COLUMN "ai_config" jsonb;--> statement-breakpoint
ALTER TABLE "business_listing_reviews" ADD COLUMN "response_auto_posted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_listing_reviews" ADD COLUMN "auto_reply_claimed_at" timestamp with time zone;