-- Decision 046: the slug look-up of migration 0008 no longer carries `SET brigade.all_tenants = 'on'`.
-- PostgreSQL lets only a superuser (or, from 15, a role granted SET on the parameter) declare a custom
-- setting on a function, so a non-superuser owner could not migrate. The function now switches the setting
-- itself for its one query and puts it back. Migration 0008 creates it this way on a new database; this
-- replaces the older definition on a database that ran 0008 before, so both end up the same.
CREATE OR REPLACE FUNCTION "brigade_slug_holders"(pattern text) RETURNS TABLE (slug text, tenant_id integer, restaurant_id integer)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  before text := current_setting('brigade.all_tenants', true);
BEGIN
  PERFORM set_config('brigade.all_tenants', 'on', true);
  RETURN QUERY SELECT r.slug, r.tenant_id, r.restaurant_id FROM restaurants r WHERE r.slug LIKE pattern;
  PERFORM set_config('brigade.all_tenants', coalesce(before, ''), true);
END $$;
