-- The order feed (docs/jobs.md#live-screens): every committed write to an order, its kitchen tickets or its
-- kitchen bumps (a recall deletes one) announces "<tenantId>:<restaurantId>:<orderId>" on the brigade_orders channel, so the orders
-- screen, the kitchen display and the guest's page hear it at once on every instance (NOTIFY is delivered at
-- commit, to every listening connection), instead of polling.
CREATE OR REPLACE FUNCTION brigade_note_order_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('brigade_orders', changed.tenant_id || ':' || changed.restaurant_id || ':' || changed.order_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_feed AFTER INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION brigade_note_order_change();
--> statement-breakpoint
CREATE TRIGGER kitchen_tickets_feed AFTER INSERT OR UPDATE ON kitchen_tickets
  FOR EACH ROW EXECUTE FUNCTION brigade_note_order_change();
--> statement-breakpoint
CREATE TRIGGER kitchen_bumps_feed AFTER INSERT OR UPDATE OR DELETE ON kitchen_bumps
  FOR EACH ROW EXECUTE FUNCTION brigade_note_order_change();
