-- Decision 064: a session that never set `brigade.all_tenants` sees every tenant. The pool used to send
-- `-c brigade.all_tenants=on` in each connection's startup options; a pooler such as PgBouncer refuses them,
-- and in transaction mode no session setting would follow the transaction anyway. So the default lives
-- here, with the policies, and nothing is set per connection: a tenant's staff are still walled in by their
-- transaction's `set_config('brigade.all_tenants', 'off', true)` (tenant-walls.ts), and 'on' still opens.
-- '' counts as unset: it is what a placeholder setting reads after a transaction that set it locally ended.
CREATE OR REPLACE FUNCTION "brigade_all_tenants"() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('brigade.all_tenants', true), ''), 'on') = 'on'
$$;
