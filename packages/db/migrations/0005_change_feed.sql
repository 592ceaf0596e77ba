CREATE TABLE "restaurant_versions" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "restaurant_versions_tenant_id_restaurant_id_pk" PRIMARY KEY("tenant_id","restaurant_id")
);
--> statement-breakpoint
-- The change feed (docs/decisions/011-change-feed.md). A write to a restaurant or its catalogue adds one to
-- the restaurant's version and announces "<area>:<tenantId>:<restaurantId>" on the brigade_changes channel.
-- The triggers are deferred to commit, so the version row is locked last in every transaction (after the
-- id counters: no lock-order deadlock), and run once per restaurant and transaction (a transaction-local
-- setting remembers what was already announced), so a batch of a thousand rows costs one bump.
CREATE FUNCTION "brigade_note_restaurant_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_tenant integer;
  changed_restaurant integer;
  marker text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_tenant := OLD.tenant_id;
    changed_restaurant := OLD.restaurant_id;
  ELSE
    changed_tenant := NEW.tenant_id;
    changed_restaurant := NEW.restaurant_id;
  END IF;
  marker := 'brigade.changed_' || TG_ARGV[0] || '_' || changed_restaurant;
  IF current_setting(marker, true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(marker, '1', true);
  INSERT INTO "restaurant_versions" AS v ("tenant_id", "restaurant_id", "version")
    VALUES (changed_tenant, changed_restaurant, 1)
    ON CONFLICT ("tenant_id", "restaurant_id") DO UPDATE SET "version" = v."version" + 1;
  PERFORM pg_notify('brigade_changes', TG_ARGV[0] || ':' || changed_tenant || ':' || changed_restaurant);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A tenant's settings (its time zone) shape its restaurants' menus: every restaurant of it changes.
CREATE FUNCTION "brigade_note_tenant_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_tenant integer;
  marker text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_tenant := OLD.tenant_id;
  ELSE
    changed_tenant := NEW.tenant_id;
  END IF;
  marker := 'brigade.changed_tenant_' || changed_tenant;
  IF current_setting(marker, true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(marker, '1', true);
  UPDATE "restaurant_versions" SET "version" = "version" + 1 WHERE "tenant_id" = changed_tenant;
  PERFORM pg_notify('brigade_changes', 'tenant:' || changed_tenant || ':');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Domain mappings and the site configuration only announce (nothing derived from them is versioned).
CREATE FUNCTION "brigade_note_platform_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_tenant text := '';
BEGIN
  IF TG_ARGV[0] = 'domains' THEN
    IF TG_OP = 'DELETE' THEN
      changed_tenant := OLD.tenant_id::text;
    ELSE
      changed_tenant := NEW.tenant_id::text;
    END IF;
  END IF;
  PERFORM pg_notify('brigade_changes', TG_ARGV[0] || ':' || changed_tenant || ':');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "restaurants_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "restaurants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('restaurant');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cash_drawers_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "cash_drawers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "courses_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "courses" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "employees_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "employees" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "item_modifier_groups_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "item_modifier_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "item_size_prices_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "item_size_prices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "items_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "job_titles_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "job_titles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "menu_group_items_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "menu_group_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "menu_group_modifier_groups_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "menu_group_modifier_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "menu_groups_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "menu_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "modifier_groups_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "modifier_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "modifiers_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "modifiers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "prep_stations_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "prep_stations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "printers_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "printers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_categories_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "sales_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "tags" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_rates_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "tax_rates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tenants_change_feed" AFTER UPDATE OR DELETE ON "tenants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_tenant_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "domain_mappings_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "domain_mappings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_platform_change"('domains');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_configurations_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "site_configurations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_note_platform_change"('site-config');
--> statement-breakpoint
-- Restaurants that exist before this migration start at version 0.
INSERT INTO "restaurant_versions" ("tenant_id", "restaurant_id", "version")
  SELECT "tenant_id", "restaurant_id", 0 FROM "restaurants" ON CONFLICT DO NOTHING;
