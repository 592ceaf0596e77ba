CREATE TABLE "domain_mappings" (
	"domain_id" integer PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"domain_type" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"tenant_guid" uuid NOT NULL,
	"restaurant_guid" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"ssl_status" text DEFAULT 'pending' NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"verification_token" text,
	"redirect_config" jsonb NOT NULL,
	"seo_config" jsonb NOT NULL,
	"hosting_domain_id" text,
	"verification_attempts" integer DEFAULT 0 NOT NULL,
	"last_verification_attempt" timestamp with time zone,
	"verification_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "domain_mappings_domain_lower_check" CHECK ("domain_mappings"."domain" = lower("domain_mappings"."domain")),
	CONSTRAINT "domain_mappings_type_check" CHECK ("domain_mappings"."domain_type" in ('custom', 'subdomain')),
	CONSTRAINT "domain_mappings_ssl_check" CHECK ("domain_mappings"."ssl_status" in ('pending', 'issued', 'failed', 'expired')),
	CONSTRAINT "domain_mappings_verification_check" CHECK ("domain_mappings"."verification_status" in ('pending', 'verified', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "domain_mappings" ADD CONSTRAINT "domain_mappings_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_mappings" ADD CONSTRAINT "domain_mappings_tenant_guid_tenants_guid_fk" FOREIGN KEY ("tenant_guid") REFERENCES "public"."tenants"("guid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_mappings" ADD CONSTRAINT "domain_mappings_restaurant_guid_restaurants_guid_fk" FOREIGN KEY ("restaurant_guid") REFERENCES "public"."restaurants"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_mappings_domain_key" ON "domain_mappings" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "domain_mappings_tenant_idx" ON "domain_mappings" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_mappings_restaurant_idx" ON "domain_mappings" USING btree ("restaurant_guid");