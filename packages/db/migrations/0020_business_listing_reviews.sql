CREATE TABLE "business_listing_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"connection_id" uuid,
	"review_id" text NOT NULL,
	"external_id" text NOT NULL,
	"source" text DEFAULT 'google' NOT NULL,
	"resource_name" text,
	"reviewer_name" text NOT NULL,
	"reviewer_photo_url" text,
	"is_reviewer_anonymous" boolean DEFAULT false NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"review_time" timestamp with time zone,
	"review_update_time" timestamp with time zone,
	"response" text,
	"response_time" timestamp with time zone,
	"response_is_ai_generated" boolean DEFAULT false NOT NULL,
	"responded_by" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_listing_reviews_rating_range" CHECK ("business_listing_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD COLUMN "location_title" text;--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD COLUMN "profile" jsonb;--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD COLUMN "sync_frequency" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD COLUMN "next_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD COLUMN "last_sync_status" text;--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
ALTER TABLE "business_listing_reviews" ADD CONSTRAINT "business_listing_reviews_connection_id_business_listing_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."business_listing_connections"("connection_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listing_reviews" ADD CONSTRAINT "business_listing_reviews_responded_by_users_uid_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listing_reviews" ADD CONSTRAINT "business_listing_reviews_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_listing_reviews_review_key" ON "business_listing_reviews" USING btree ("tenant_id","restaurant_id","review_id");--> statement-breakpoint
CREATE INDEX "business_listing_reviews_time_idx" ON "business_listing_reviews" USING btree ("tenant_id","restaurant_id","review_time");--> statement-breakpoint
CREATE INDEX "business_listing_connections_next_sync_idx" ON "business_listing_connections" USING btree ("next_sync_at");--> statement-breakpoint
-- Walled like every tenant table (decision 018). Not audited: a sync upserts every review of a location;
-- who replied from Brigade is kept on the row (responded_by).
SELECT "brigade_protect_tenant_table"('business_listing_reviews', false);
