CREATE TABLE "business_listing_connections" (
	"connection_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"provider" text DEFAULT 'google' NOT NULL,
	"account_id" text,
	"location_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"connected_by" text,
	"connected_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_listing_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"user_uid" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_url" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_listing_oauth_states_used_after_created" CHECK ("business_listing_oauth_states"."used_at" IS NULL OR "business_listing_oauth_states"."used_at" >= "business_listing_oauth_states"."created_at")
);
--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD CONSTRAINT "business_listing_connections_connected_by_users_uid_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listing_connections" ADD CONSTRAINT "business_listing_connections_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listing_oauth_states" ADD CONSTRAINT "business_listing_oauth_states_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listing_oauth_states" ADD CONSTRAINT "business_listing_oauth_states_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_listing_connections_restaurant_key" ON "business_listing_connections" USING btree ("tenant_id","restaurant_id","provider");--> statement-breakpoint
CREATE INDEX "business_listing_oauth_states_expiry_idx" ON "business_listing_oauth_states" USING btree ("expires_at");--> statement-breakpoint
-- Walled like every tenant table (decision 018). Not audited: the connections hold sealed tokens and
-- change on every refresh; the OAuth states are short-lived, single-use bookkeeping.
SELECT "brigade_protect_tenant_table"('business_listing_connections', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('business_listing_oauth_states', false);
