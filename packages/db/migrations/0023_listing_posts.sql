CREATE TABLE "listing_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"connection_id" uuid NOT NULL,
	"google_name" text NOT NULL,
	"content" text NOT NULL,
	"call_to_action_type" text,
	"call_to_action_url" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"search_url" text,
	"published_at" timestamp with time zone,
	"google_updated_at" timestamp with time zone,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_posts_state" CHECK ("listing_posts"."state" IN ('draft', 'live', 'rejected')),
	CONSTRAINT "listing_posts_call_to_action_type" CHECK ("listing_posts"."call_to_action_type" IS NULL OR "listing_posts"."call_to_action_type" IN ('book', 'order', 'shop', 'learn_more', 'sign_up', 'call'))
);
--> statement-breakpoint
ALTER TABLE "listing_posts" ADD CONSTRAINT "listing_posts_connection_id_business_listing_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."business_listing_connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_posts" ADD CONSTRAINT "listing_posts_created_by_users_uid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_posts" ADD CONSTRAINT "listing_posts_updated_by_users_uid_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_posts" ADD CONSTRAINT "listing_posts_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_posts_google_name_key" ON "listing_posts" USING btree ("tenant_id","google_name");--> statement-breakpoint
CREATE INDEX "listing_posts_connection_idx" ON "listing_posts" USING btree ("connection_id","created_at");--> statement-breakpoint
-- Walled like every tenant table (decision 018). Not audited, like the other listing tables: each row is
-- Google's answer, with who published and last changed it on the row.
SELECT "brigade_protect_tenant_table"('listing_posts', false);
