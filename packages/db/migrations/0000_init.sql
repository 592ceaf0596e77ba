CREATE TABLE "platform_counters" (
	"entity_type" text PRIMARY KEY NOT NULL,
	"next_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_counters_next_id_check" CHECK ("platform_counters"."next_id" >= 0),
	CONSTRAINT "platform_counters_type_check" CHECK ("platform_counters"."entity_type" in ('tenants', 'restaurants', 'domainMappings'))
);
--> statement-breakpoint
CREATE TABLE "restaurant_counters" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"next_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_counters_tenant_id_restaurant_id_entity_type_pk" PRIMARY KEY("tenant_id","restaurant_id","entity_type"),
	CONSTRAINT "restaurant_counters_next_id_check" CHECK ("restaurant_counters"."next_id" >= 0),
	CONSTRAINT "restaurant_counters_type_check" CHECK ("restaurant_counters"."entity_type" in ('items', 'courses', 'salesCategories', 'taxRates', 'modifierGroups', 'menuGroups', 'tags', 'prepStations', 'printers', 'employees', 'jobTitles'))
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"concept" text DEFAULT 'Restaurant' NOT NULL,
	"address" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"operating_hours" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"settings" jsonb NOT NULL,
	"platform_sync" jsonb NOT NULL,
	"website_config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurants_tenant_restaurant_key" UNIQUE("tenant_id","restaurant_id"),
	CONSTRAINT "restaurants_status_check" CHECK ("restaurants"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"plan" text DEFAULT 'starter' NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_status_check" CHECK ("tenants"."status" in ('active', 'inactive', 'suspended')),
	CONSTRAINT "tenants_plan_check" CHECK ("tenants"."plan" in ('starter', 'professional', 'enterprise'))
);
--> statement-breakpoint
ALTER TABLE "restaurant_counters" ADD CONSTRAINT "restaurant_counters_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurants_guid_key" ON "restaurants" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "restaurants_slug_key" ON "restaurants" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "restaurants_tenant_idx" ON "restaurants" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_guid_key" ON "tenants" USING btree ("guid");