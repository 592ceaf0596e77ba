-- The 86 list (ordering_settings.sold_out_item_ids) is part of what a restaurant's menus show: the public
-- menu pages, their JSON-LD, the menu display and online ordering mark or hide a sold-out item (issue 45
-- item 5). A change of it is announced like a catalogue write (docs/decisions/011-change-feed.md): the
-- restaurant's version goes up and "catalogue:<tenantId>:<restaurantId>" goes out on brigade_changes at
-- commit, whoever wrote it, so every instance drops its cached pages, page data and menu documents. Other
-- ordering settings (lead time, pause, tips) shape no cached document and announce nothing.
CREATE CONSTRAINT TRIGGER "ordering_settings_sold_out_insert_change_feed" AFTER INSERT ON "ordering_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."sold_out_item_ids" <> '[]'::jsonb) EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ordering_settings_sold_out_change_feed" AFTER UPDATE OF "sold_out_item_ids" ON "ordering_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."sold_out_item_ids" IS DISTINCT FROM NEW."sold_out_item_ids") EXECUTE FUNCTION "brigade_note_restaurant_change"('catalogue');
