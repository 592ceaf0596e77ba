CREATE TABLE "cash_drawers" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cash_drawer_id" integer NOT NULL,
	"number" text,
	"name" text,
	"primary_starting_balance" double precision DEFAULT 0 NOT NULL,
	"secondary_starting_balance" double precision DEFAULT 0 NOT NULL,
	"primary_reset_balance_type" text NOT NULL,
	"secondary_reset_balance_type" text NOT NULL,
	CONSTRAINT "cash_drawers_pkey" PRIMARY KEY("tenant_id","restaurant_id","cash_drawer_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"course_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "courses_pkey" PRIMARY KEY("tenant_id","restaurant_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"employee_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"chosen_name" text,
	"email" text,
	"phone" text,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date,
	"hourly_rate" double precision,
	"notes" text,
	"pos_access" boolean DEFAULT false NOT NULL,
	"kitchen_access" boolean DEFAULT false NOT NULL,
	"manager_access" boolean DEFAULT false NOT NULL,
	"account_info" jsonb NOT NULL,
	"pos_access_config" jsonb NOT NULL,
	"job_assignments" jsonb NOT NULL,
	"show_wages" boolean DEFAULT true NOT NULL,
	CONSTRAINT "employees_pkey" PRIMARY KEY("tenant_id","restaurant_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "item_modifier_groups" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"modifier_group_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_required" boolean,
	"min_selection" integer,
	"max_selection" integer,
	"allow_multiple_selection" boolean,
	"allow_duplicate_selection" boolean,
	CONSTRAINT "item_modifier_groups_pkey" PRIMARY KEY("tenant_id","restaurant_id","item_id","modifier_group_id")
);
--> statement-breakpoint
CREATE TABLE "item_size_prices" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"size_price_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ordinal" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"price" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "item_size_prices_pkey" PRIMARY KEY("tenant_id","restaurant_id","item_id","size_price_id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"calories" double precision,
	"pos_name" text,
	"pos_color" text,
	"pos_description" text,
	"customer_description" text,
	"image_url" text,
	"plu" text,
	"sku" text,
	"contains_alcohol" boolean NOT NULL,
	"pricing_strategy" text NOT NULL,
	"base_price" double precision,
	"open_price" boolean NOT NULL,
	"kitchen_name" text,
	"kds_color" text,
	"prep_station_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"course_id" integer,
	"sales_category_id" integer,
	"tax_rate_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"tax_inclusion" boolean NOT NULL,
	"takeout_tax_exception" boolean NOT NULL,
	"pos" boolean NOT NULL,
	"kiosk" boolean NOT NULL,
	"online_ordering" boolean NOT NULL,
	"customer_invoices" boolean NOT NULL,
	"online_ordering_partners" boolean NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "items_pkey" PRIMARY KEY("tenant_id","restaurant_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_id" integer NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"description" text,
	"default_wage" double precision DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "job_titles_pkey" PRIMARY KEY("tenant_id","restaurant_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "menu_group_items" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"menu_group_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"position" integer NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "menu_group_items_pkey" PRIMARY KEY("tenant_id","restaurant_id","menu_group_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "menu_group_modifier_groups" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"menu_group_id" integer NOT NULL,
	"modifier_group_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_required" boolean,
	"min_selection" integer,
	"max_selection" integer,
	"allow_multiple_selection" boolean,
	"allow_duplicate_selection" boolean,
	CONSTRAINT "menu_group_modifier_groups_pkey" PRIMARY KEY("tenant_id","restaurant_id","menu_group_id","modifier_group_id")
);
--> statement-breakpoint
CREATE TABLE "menu_groups" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"menu_group_id" integer NOT NULL,
	"parent_id" integer,
	"number" text,
	"name" text NOT NULL,
	"pos_name" text,
	"button_color" text,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text,
	"image" text,
	"is_menu" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"pricing_type" text NOT NULL,
	"fixed_price" double precision,
	"discount_percentage" double precision,
	"min_required" integer,
	"max_selections" integer,
	"visible_in_pos" boolean NOT NULL,
	"visible_in_kiosk" boolean NOT NULL,
	"visible_in_online_ordering" boolean NOT NULL,
	"visible_in_partners" boolean NOT NULL,
	"visible_in_invoices" boolean NOT NULL,
	"inherit_hide_modifier_prices" boolean NOT NULL,
	"availability" jsonb NOT NULL,
	"date_range" jsonb,
	"time_range" jsonb,
	"days_of_week" jsonb NOT NULL,
	"days_available" jsonb NOT NULL,
	"seasonal_availability" jsonb NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_special" boolean NOT NULL,
	"is_priority" boolean NOT NULL,
	CONSTRAINT "menu_groups_pkey" PRIMARY KEY("tenant_id","restaurant_id","menu_group_id")
);
--> statement-breakpoint
CREATE TABLE "modifier_groups" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modifier_group_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"pos_name" text,
	"button_color" text,
	"pricing_strategy" text NOT NULL,
	"group_price" double precision,
	"selection_requirement" text NOT NULL,
	"include_pos_prompt" boolean NOT NULL,
	"allow_multiple_selection" boolean NOT NULL,
	"min_selection" integer NOT NULL,
	"max_selection" integer,
	"allow_duplicate_selection" boolean NOT NULL,
	"pos" boolean NOT NULL,
	"kiosk" boolean NOT NULL,
	"online_ordering" boolean NOT NULL,
	"customer_invoices" boolean NOT NULL,
	"online_ordering_partners" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	CONSTRAINT "modifier_groups_pkey" PRIMARY KEY("tenant_id","restaurant_id","modifier_group_id")
);
--> statement-breakpoint
CREATE TABLE "modifiers" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"modifier_group_id" integer NOT NULL,
	"modifier_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ordinal" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"price" double precision,
	"calories" double precision,
	CONSTRAINT "modifiers_pkey" PRIMARY KEY("tenant_id","restaurant_id","modifier_group_id","modifier_id")
);
--> statement-breakpoint
CREATE TABLE "prep_stations" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prep_station_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"send_to_expediter" boolean DEFAULT false NOT NULL,
	"other_station_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ticket_printer_id" integer,
	"always_print_tickets" boolean DEFAULT false NOT NULL,
	CONSTRAINT "prep_stations_pkey" PRIMARY KEY("tenant_id","restaurant_id","prep_station_id")
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printer_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"ip_setup" text NOT NULL,
	"serial_number" text,
	"ip_address" text,
	"custom_footer" text,
	"kitchen_ticket_font_size" text NOT NULL,
	"customer_receipt_font_size" text NOT NULL,
	"paper_width" text NOT NULL,
	"character_set" text NOT NULL,
	"backup_printer_id" integer,
	"has_cash_drawer" text NOT NULL,
	"cash_drawer" jsonb,
	CONSTRAINT "printers_pkey" PRIMARY KEY("tenant_id","restaurant_id","printer_id")
);
--> statement-breakpoint
CREATE TABLE "sales_categories" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sales_category_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"description" text,
	"code" text NOT NULL,
	CONSTRAINT "sales_categories_pkey" PRIMARY KEY("tenant_id","restaurant_id","sales_category_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tag_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"color" text,
	"description" text,
	CONSTRAINT "tags_pkey" PRIMARY KEY("tenant_id","restaurant_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tax_rate_id" integer NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"import_id" text,
	"type" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"rate" double precision DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"takeout_tax_enabled" boolean DEFAULT false NOT NULL,
	"takeout_taxrate" double precision,
	"rounding_options" text NOT NULL,
	CONSTRAINT "tax_rates_pkey" PRIMARY KEY("tenant_id","restaurant_id","tax_rate_id")
);
--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_modifier_groups" ADD CONSTRAINT "item_modifier_groups_item_fk" FOREIGN KEY ("tenant_id","restaurant_id","item_id") REFERENCES "public"."items"("tenant_id","restaurant_id","item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_modifier_groups" ADD CONSTRAINT "item_modifier_groups_group_fk" FOREIGN KEY ("tenant_id","restaurant_id","modifier_group_id") REFERENCES "public"."modifier_groups"("tenant_id","restaurant_id","modifier_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_size_prices" ADD CONSTRAINT "item_size_prices_item_fk" FOREIGN KEY ("tenant_id","restaurant_id","item_id") REFERENCES "public"."items"("tenant_id","restaurant_id","item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_titles" ADD CONSTRAINT "job_titles_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_group_items" ADD CONSTRAINT "menu_group_items_group_fk" FOREIGN KEY ("tenant_id","restaurant_id","menu_group_id") REFERENCES "public"."menu_groups"("tenant_id","restaurant_id","menu_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_group_items" ADD CONSTRAINT "menu_group_items_item_fk" FOREIGN KEY ("tenant_id","restaurant_id","item_id") REFERENCES "public"."items"("tenant_id","restaurant_id","item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_group_modifier_groups" ADD CONSTRAINT "menu_group_modifier_groups_group_fk" FOREIGN KEY ("tenant_id","restaurant_id","menu_group_id") REFERENCES "public"."menu_groups"("tenant_id","restaurant_id","menu_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_group_modifier_groups" ADD CONSTRAINT "menu_group_modifier_groups_modifier_group_fk" FOREIGN KEY ("tenant_id","restaurant_id","modifier_group_id") REFERENCES "public"."modifier_groups"("tenant_id","restaurant_id","modifier_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_groups" ADD CONSTRAINT "menu_groups_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_groups" ADD CONSTRAINT "menu_groups_parent_fk" FOREIGN KEY ("tenant_id","restaurant_id","parent_id") REFERENCES "public"."menu_groups"("tenant_id","restaurant_id","menu_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_groups" ADD CONSTRAINT "modifier_groups_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_group_fk" FOREIGN KEY ("tenant_id","restaurant_id","modifier_group_id") REFERENCES "public"."modifier_groups"("tenant_id","restaurant_id","modifier_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prep_stations" ADD CONSTRAINT "prep_stations_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_categories" ADD CONSTRAINT "sales_categories_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_drawers_guid_key" ON "cash_drawers" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_guid_key" ON "courses" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_guid_key" ON "employees" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE INDEX "employees_job_assignments_idx" ON "employees" USING gin ("job_assignments");--> statement-breakpoint
CREATE INDEX "item_modifier_groups_group_idx" ON "item_modifier_groups" USING btree ("tenant_id","restaurant_id","modifier_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_guid_key" ON "items" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "job_titles_guid_key" ON "job_titles" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE INDEX "menu_group_items_item_idx" ON "menu_group_items" USING btree ("tenant_id","restaurant_id","item_id");--> statement-breakpoint
CREATE INDEX "menu_group_modifier_groups_mg_idx" ON "menu_group_modifier_groups" USING btree ("tenant_id","restaurant_id","modifier_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_groups_guid_key" ON "menu_groups" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE INDEX "menu_groups_parent_idx" ON "menu_groups" USING btree ("tenant_id","restaurant_id","parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "modifier_groups_guid_key" ON "modifier_groups" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "prep_stations_guid_key" ON "prep_stations" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_guid_key" ON "printers" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_categories_guid_key" ON "sales_categories" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_guid_key" ON "tags" USING btree ("tenant_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_guid_key" ON "tax_rates" USING btree ("tenant_id","guid");