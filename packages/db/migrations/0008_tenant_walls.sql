-- Second walls around tenant data (docs/decisions/018-row-level-security.md, 019-audit-log.md): row-level
-- security on every table that carries tenant_id, and an audit log that a trigger on the same tables writes
-- in the same transaction as the change.
--
-- The application's role. Roles belong to the whole PostgreSQL cluster (many databases, e.g. test databases,
-- share one), so it is created only when missing; two migrations racing to create it are both fine.
DO $$
BEGIN
  -- Asked first: CREATE ROLE checks the privilege before it looks for the name, so an owner without
  -- CREATEROLE would be refused even though the role exists (decision 046).
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'brigade_app') THEN
    CREATE ROLE "brigade_app" NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"tenant_id" integer NOT NULL,
	"audit_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"table_name" text NOT NULL,
	"operation" text NOT NULL,
	"row_key" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"actor" text NOT NULL,
	"actor_email" text,
	"request_id" text,
	"endpoint" text,
	"method" text,
	"path" text,
	CONSTRAINT "audit_log_pkey" PRIMARY KEY("tenant_id","audit_id"),
	CONSTRAINT "audit_log_operation_check" CHECK ("audit_log"."operation" in ('insert', 'update', 'delete'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_restaurant_idx" ON "audit_log" USING btree ("tenant_id","restaurant_id","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("tenant_id","actor","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_global_idx" ON "audit_log" USING btree ("audit_id");--> statement-breakpoint
-- What the request's transaction says (set LOCAL by the server for each request, decision 018): every
-- tenant ('on': site administrators, public pages, the CLI, seeds, background work) or a list of tenants.
CREATE FUNCTION "brigade_all_tenants"() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('brigade.all_tenants', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE FUNCTION "brigade_tenant_ids"() RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_to_array(nullif(current_setting('brigade.tenant_ids', true), ''), ',')::integer[], '{}')
$$;
--> statement-breakpoint
-- A JSON value with the values under secret keys replaced, at any depth (decision 019: no secrets in the log).
CREATE FUNCTION "brigade_audit_redact"(value jsonb, secret_keys text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF value IS NULL OR cardinality(secret_keys) = 0 THEN
    RETURN value;
  END IF;
  IF jsonb_typeof(value) = 'object' THEN
    RETURN coalesce((
      SELECT jsonb_object_agg(k, CASE WHEN k = ANY (secret_keys) THEN '"[redacted]"'::jsonb
                                      ELSE "brigade_audit_redact"(v, secret_keys) END)
      FROM jsonb_each(value) AS e(k, v)), '{}'::jsonb);
  END IF;
  IF jsonb_typeof(value) = 'array' THEN
    RETURN coalesce((
      SELECT jsonb_agg("brigade_audit_redact"(v, secret_keys) ORDER BY i)
      FROM jsonb_array_elements(value) WITH ORDINALITY AS e(v, i)), '[]'::jsonb);
  END IF;
  RETURN value;
END $$;
--> statement-breakpoint
-- One audit row per changed row: the row's key, and for each changed column its old and/or new value
-- (an update lists only the columns that changed). Arguments: the key columns, the columns left out, the
-- secret names (columns or JSON keys at any depth) whose values are replaced by "[redacted]". Who, which
-- request and which route come from the request's transaction settings; without them (CLI, seeds, startup)
-- the actor is 'system'.
CREATE FUNCTION "brigade_audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  source jsonb;
  key_columns text[] := TG_ARGV[0]::text[];
  omitted text[] := TG_ARGV[1]::text[] || '{created_at,updated_at}'::text[];
  secrets text[] := TG_ARGV[2]::text[];
  changes jsonb;
BEGIN
  -- One set-based statement per row (not a loop of jsonb concatenations): a 1,000-row batch stays cheap.
  IF TG_OP = 'UPDATE' THEN
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    source := new_row;
    SELECT jsonb_object_agg(n.key, jsonb_build_object('old', o.value, 'new', n.value)) INTO changes
      FROM jsonb_each(new_row) AS n JOIN jsonb_each(old_row) AS o ON o.key = n.key
      WHERE n.value IS DISTINCT FROM o.value AND n.key <> ALL (omitted);
    -- An update that changed nothing but its timestamps is not a change worth a line.
    IF changes IS NULL THEN
      RETURN NULL;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      source := to_jsonb(NEW);
    ELSE
      source := to_jsonb(OLD);
    END IF;
    SELECT coalesce(jsonb_object_agg(e.key, jsonb_build_object(CASE TG_OP WHEN 'INSERT' THEN 'new' ELSE 'old' END, e.value)), '{}'::jsonb)
      INTO changes
      FROM jsonb_each(source) AS e
      WHERE e.value <> 'null'::jsonb AND e.key <> ALL (omitted);
  END IF;
  -- A secret column's entry, or a secret JSON key at any depth inside one, becomes "[redacted]".
  IF cardinality(secrets) > 0 THEN
    SELECT jsonb_object_agg(c.key, CASE
             WHEN c.key = ANY (secrets) THEN (SELECT jsonb_object_agg(side, '"[redacted]"'::jsonb)
                                                FROM jsonb_object_keys(c.value) AS side)
             ELSE "brigade_audit_redact"(c.value, secrets) END)
      INTO changes FROM jsonb_each(changes) AS c;
    changes := coalesce(changes, '{}'::jsonb);
  END IF;
  INSERT INTO "audit_log" ("tenant_id", "restaurant_id", "table_name", "operation", "row_key", "changes",
                           "actor", "actor_email", "request_id", "endpoint", "method", "path")
  VALUES (
    (source ->> 'tenant_id')::integer,
    (source ->> 'restaurant_id')::integer,
    TG_TABLE_NAME,
    lower(TG_OP),
    coalesce((SELECT jsonb_object_agg(k, source -> k) FROM unnest(key_columns) AS k), '{}'::jsonb),
    changes,
    coalesce(nullif(current_setting('brigade.actor', true), ''), 'system'),
    nullif(current_setting('brigade.actor_email', true), ''),
    nullif(current_setting('brigade.request_id', true), ''),
    nullif(current_setting('brigade.endpoint', true), ''),
    nullif(current_setting('brigade.method', true), ''),
    nullif(current_setting('brigade.path', true), '')
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The one way a tenant table is walled in; a migration that adds a table with tenant_id calls it (a test
-- fails for a table that is left out). `audited` is false only for bookkeeping tables whose rows follow
-- from other writes (id counters, change-feed versions) and for the audit log itself.
CREATE FUNCTION "brigade_protect_tenant_table"(target regclass, audited boolean, omitted text[] DEFAULT '{}', secrets text[] DEFAULT '{}') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  table_name text := (SELECT relname FROM pg_class WHERE oid = target);
  key_columns text[];
  visible text := '(SELECT brigade_all_tenants()) OR tenant_id = ANY ((SELECT brigade_tenant_ids())::integer[])';
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', target);
  EXECUTE format('CREATE POLICY tenant_isolation ON %s USING (%s) WITH CHECK (%s)', target, visible, visible);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', table_name || '_audit', target);
  IF audited THEN
    SELECT array_agg(a.attname::text ORDER BY k.ord) INTO key_columns
      FROM pg_index i
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = target AND i.indisprimary;
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION brigade_audit_row(%L, %L, %L)',
      table_name || '_audit', target, coalesce(key_columns, '{}')::text, omitted::text, secrets::text);
  END IF;
END $$;
--> statement-breakpoint
-- Slugs are unique across tenants, so choosing a free one must see every restaurant's slug,
-- and nothing else of them (its slug and ids): the one read that looks past the tenant wall on purpose. It
-- sets the setting for its one query and puts it back: a function's SET clause with a custom setting needs a
-- superuser, and the tables' owner is not one (decision 046; migration 0025 brings older databases here).
CREATE FUNCTION "brigade_slug_holders"(pattern text) RETURNS TABLE (slug text, tenant_id integer, restaurant_id integer)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  before text := current_setting('brigade.all_tenants', true);
BEGIN
  PERFORM set_config('brigade.all_tenants', 'on', true);
  RETURN QUERY SELECT r.slug, r.tenant_id, r.restaurant_id FROM restaurants r WHERE r.slug LIKE pattern;
  PERFORM set_config('brigade.all_tenants', coalesce(before, ''), true);
END $$;
--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('tenants', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('restaurants', true, '{}', '{tokens,accessToken,refreshToken}');--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('tenant_assignments', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('domain_mappings', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('restaurant_counters', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('restaurant_versions', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('audit_log', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('courses', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('tags', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('prep_stations', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('sales_categories', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('tax_rates', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('printers', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('cash_drawers', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('job_titles', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('employees', true, '{}', '{posAccessCode,accessCode}');--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('modifier_groups', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('modifiers', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('items', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('item_size_prices', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('item_modifier_groups', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('menu_groups', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('menu_group_items', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('menu_group_modifier_groups', true);--> statement-breakpoint
-- Records of their own (who changed a domain's status; which files an upload wrote): walled, not audited.
-- An image uploaded for the site configuration has no tenant and is seen only outside a tenant's wall.
SELECT "brigade_protect_tenant_table"('domain_mapping_status_changes', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('images', false);--> statement-breakpoint
-- What the application's role may do: read and write every table, use every sequence; the audit log only
-- grows (no update or delete, even for the server).
GRANT USAGE ON SCHEMA public TO "brigade_app";--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "brigade_app";--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO "brigade_app";--> statement-breakpoint
REVOKE UPDATE, DELETE ON "audit_log" FROM "brigade_app";--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "brigade_app";--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO "brigade_app";
