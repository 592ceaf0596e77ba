CREATE TABLE "menu_share_links" (
	"tenant_id" integer NOT NULL,
	"share_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "menu_share_links_pkey" PRIMARY KEY("tenant_id","share_id","kind","source_id"),
	CONSTRAINT "menu_share_links_kind_check" CHECK ("menu_share_links"."kind" in ('tags', 'courses', 'taxRates', 'salesCategories', 'modifierGroups', 'items', 'menuGroups'))
);
--> statement-breakpoint
CREATE TABLE "menu_share_overrides" (
	"tenant_id" integer NOT NULL,
	"share_id" bigint NOT NULL,
	"source_item_id" integer NOT NULL,
	"base_price" double precision,
	"size_price" jsonb,
	"available" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_share_overrides_pkey" PRIMARY KEY("tenant_id","share_id","source_item_id")
);
--> statement-breakpoint
CREATE TABLE "menu_shares" (
	"tenant_id" integer NOT NULL,
	"share_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "menu_shares_share_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" integer NOT NULL,
	"source_restaurant_id" integer NOT NULL,
	"source_menu_group_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_shares_pkey" PRIMARY KEY("tenant_id","share_id"),
	CONSTRAINT "menu_shares_not_itself_check" CHECK ("menu_shares"."restaurant_id" <> "menu_shares"."source_restaurant_id")
);
--> statement-breakpoint
ALTER TABLE "menu_share_links" ADD CONSTRAINT "menu_share_links_share_fk" FOREIGN KEY ("tenant_id","share_id") REFERENCES "public"."menu_shares"("tenant_id","share_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_share_overrides" ADD CONSTRAINT "menu_share_overrides_share_fk" FOREIGN KEY ("tenant_id","share_id") REFERENCES "public"."menu_shares"("tenant_id","share_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_shares" ADD CONSTRAINT "menu_shares_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_shares" ADD CONSTRAINT "menu_shares_source_restaurant_fk" FOREIGN KEY ("tenant_id","source_restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_shares_location_key" ON "menu_shares" USING btree ("tenant_id","restaurant_id","source_restaurant_id","source_menu_group_id");--> statement-breakpoint
CREATE INDEX "menu_shares_source_idx" ON "menu_shares" USING btree ("tenant_id","source_restaurant_id","source_menu_group_id");--> statement-breakpoint
-- Walled like every tenant table (decision 018). The shares and the locations' overrides are audited like the
-- catalogue they change; the links are not: bookkeeping that only a share and a publish write, whose catalogue
-- writes are in the log already.
SELECT "brigade_protect_tenant_table"('menu_shares', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('menu_share_overrides', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('menu_share_links', false);
