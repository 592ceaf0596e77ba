-- Retention (docs/jobs.md, `retention.prune`): the audit log only grows for the application's role, which may
-- neither update nor delete it (migration 0008). Its old rows are removed through this one function, which
-- runs as the owner and refuses to remove anything younger than 30 days, so a compromised server can trim
-- history but never erase what just happened. It removes at most `max_rows` of the oldest rows per call.
CREATE FUNCTION "brigade_prune_audit_log"(older_than timestamptz, max_rows integer) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  before text := current_setting('brigade.all_tenants', true);
  removed integer;
BEGIN
  IF older_than > now() - interval '30 days' THEN
    RAISE EXCEPTION 'the audit log keeps at least 30 days' USING ERRCODE = '22023';
  END IF;
  PERFORM set_config('brigade.all_tenants', 'on', true);
  WITH gone AS (
    DELETE FROM audit_log WHERE (tenant_id, audit_id) IN (
      SELECT tenant_id, audit_id FROM audit_log WHERE occurred_at < older_than ORDER BY audit_id LIMIT max_rows)
    RETURNING 1)
  SELECT count(*) INTO removed FROM gone;
  PERFORM set_config('brigade.all_tenants', coalesce(before, ''), true);
  RETURN removed;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "brigade_prune_audit_log"(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "brigade_prune_audit_log"(timestamptz, integer) TO "brigade_app";
