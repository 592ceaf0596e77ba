import pg from 'pg';

/**
 * The data of `npm run bench -- scale` (issue 48 item 6), written with set-based SQL as the database's owner:
 * tenants, restaurants, items, domain mappings, users, orders and audit rows generated beside the demo, so that
 * 100× holds ≈ 10,000 tenants, 20,000 restaurants, 2,000,000 items and 20,000 domain mappings. Ids follow the
 * platform ranges (docs/behaviour/ids-and-counters.md) after the demo's, and the counters are raised past them,
 * so the product keeps issuing ids on the generated data.
 *
 * Generated rows copy the demo's Harbor Grill (its settings, website, catalogue), so the product's queries
 * see rows shaped as its own: every restaurant has 100 items (the demo's, copied until there are 100); every
 * tenth also the rest of the catalogue (menus with those items, modifier groups, tax rates, …); every fifth
 * 50 orders over 25 business days; each restaurant 50 audit rows; each tenant an owner and an employee; each
 * restaurant one custom domain. Triggers are off while generating (session_replication_role = replica): the
 * audit and change-feed rows of a bulk copy are not what a tenant's own writes leave, so audit rows are
 * generated as such instead.
 */

export const RESTAURANTS_PER_TENANT = 2;
export const ITEMS_PER_RESTAURANT = 100;
const ORDERS_PER_RESTAURANT = 50;
const ORDER_DAYS = 25;
const AUDIT_PER_RESTAURANT = 50;
/** Hosts only the probes ask for (custom domains of the demo's restaurants): one each, never twice. */
export const PROBE_HOSTS = 2_200;
/** Orders on Harbor Grill's board today (the probe's board). */
const PROBE_ORDERS = 40;

/** The demo as the generator copies it, and where generated ids start. */
export interface ScaleBase {
  tenantId: number;
  restaurantId: number;
  secondRestaurantId: number;
  firstTenant: number;
  firstRestaurant: number;
  firstDomain: number;
}

/** The catalogue tables every tenth generated restaurant copies from Harbor Grill (in foreign-key order). */
const FULL_CATALOGUE = [
  'courses',
  'tags',
  'prep_stations',
  'sales_categories',
  'tax_rates',
  'modifier_groups',
  'modifiers',
  'menu_groups',
  'menu_group_modifier_groups',
];

export async function withOwner<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("set session_replication_role = 'replica'");
    await client.query('set synchronous_commit = off');
    await client.query("set maintenance_work_mem = '256MB'");
    return await work(client);
  } finally {
    await client.end();
  }
}

const one = async (client: pg.Client, text: string) =>
  Number(Object.values((await client.query(text)).rows[0] as Record<string, unknown>)[0] ?? 0);

/** The demo's ids, and the first id of each platform range after what the demo (and counters) used. */
export async function scaleBase(client: pg.Client): Promise<ScaleBase> {
  const tenantId = await one(client, 'select min(tenant_id) from tenants');
  const restaurantId = await one(
    client,
    `select restaurant_id from restaurants where tenant_id = ${tenantId} order by restaurant_id limit 1`,
  );
  const secondRestaurantId = await one(
    client,
    `select restaurant_id from restaurants where tenant_id = ${tenantId} order by restaurant_id offset 1 limit 1`,
  );
  // the first id of each range less one (ids-and-counters.md), whatever is stored
  const after = (table: string, column: string, type: string, floor: number) =>
    one(
      client,
      `select greatest(${floor - 1}, (select coalesce(max(${column}), 0) from ${table}),
        (select coalesce(max(next_id), 0) from platform_counters where entity_type = '${type}')) + 1`,
    );
  return {
    tenantId,
    restaurantId,
    secondRestaurantId,
    firstTenant: await after('tenants', 'tenant_id', 'tenants', 10_000_001),
    firstRestaurant: await after('restaurants', 'restaurant_id', 'restaurants', 20_000_001),
    firstDomain: (await after('domain_mappings', 'domain_id', 'domainMappings', 30_000_001)) + PROBE_HOSTS,
  };
}

/** Insertable columns of a table (no generated identity), in order. */
async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_identity = 'NO' order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/** `insert into table select … from table src <from> where <where>`, some columns replaced. */
async function copyRows(
  client: pg.Client,
  table: string,
  overrides: Record<string, string>,
  from: string,
  where: string,
): Promise<number> {
  const columns = await columnsOf(client, table);
  const values = columns.map((column) => overrides[column] ?? `src.${column}`);
  const result = await client.query(
    `insert into ${table} (${columns.join(', ')}) select ${values.join(', ')} from ${table} src ${from} where ${where}`,
  );
  return result.rowCount ?? 0;
}

/** A generated restaurant takes its place in the copy: its ids, a guid of its own. */
const INTO_TARGET = {
  tenant_id: 'g.tenant_id',
  restaurant_id: 'g.restaurant_id',
  guid: 'gen_random_uuid()',
  created_at: 'now()',
  updated_at: 'now()',
};

/** Tenants [from, to) of the generated ones, with their restaurants; fills `scale_targets` with those. */
async function generateTenants(client: pg.Client, base: ScaleBase, from: number, to: number) {
  await client.query(/* sql */ `
    insert into tenants (tenant_id, guid, name, display_name, status, plan, settings)
    select ${base.firstTenant} + k, gen_random_uuid(), 'Scale Hospitality ' || lpad(k::text, 6, '0'),
      'Scale Group ' || k, 'active', (array['starter', 'professional', 'enterprise'])[1 + k % 3], d.settings
    from generate_series(${from}, ${to - 1}) k, (select settings from tenants where tenant_id = ${base.tenantId}) d`);
  const id = `${base.firstRestaurant} + ${RESTAURANTS_PER_TENANT} * k + j`;
  await copyRows(
    client,
    'restaurants',
    {
      restaurant_id: id,
      tenant_id: `${base.firstTenant} + k`,
      guid: 'gen_random_uuid()',
      slug: `'scale-' || (${id})`,
      name: `'Scale Bistro ' || (${id})`,
      created_at: 'now()',
      updated_at: 'now()',
    },
    `cross join generate_series(${from}, ${to - 1}) k cross join generate_series(0, ${RESTAURANTS_PER_TENANT - 1}) j`,
    `src.restaurant_id = ${base.restaurantId}`,
  );
  await client.query('drop table if exists scale_targets');
  await client.query(/* sql */ `
    create temp table scale_targets as
      select tenant_id, restaurant_id, restaurant_id % 10 = 0 as full, restaurant_id % 5 = 0 as orders, guid
      from restaurants
      where restaurant_id >= ${base.firstRestaurant + RESTAURANTS_PER_TENANT * from}
        and restaurant_id < ${base.firstRestaurant + RESTAURANTS_PER_TENANT * to}`);
  await client.query(/* sql */ `
    insert into restaurant_versions (tenant_id, restaurant_id, version)
    select tenant_id, restaurant_id, 1 from scale_targets`);
}

/**
 * Items (and sizes) everywhere: the demo's items again and again (ids continuing after the demo's highest)
 * up to ITEMS_PER_RESTAURANT; the rest of the catalogue, with the demo's items on its menus, in every tenth
 * restaurant; the restaurant's counters, the item counter past the last item.
 */
async function generateCatalogue(client: pg.Client, base: ScaleBase): Promise<number> {
  const demo = `src.tenant_id = ${base.tenantId} and src.restaurant_id = ${base.restaurantId}`;
  const highest = await one(client, `select max(item_id) from items src where ${demo}`);
  const copies = Math.ceil(ITEMS_PER_RESTAURANT / highest);
  const itemId = `src.item_id + m * ${highest}`;
  const again = `cross join scale_targets g cross join generate_series(0, ${copies - 1}) m`;
  const some = `${demo} and ${itemId} <= ${ITEMS_PER_RESTAURANT}`;
  const items = await copyRows(
    client,
    'items',
    {
      ...INTO_TARGET,
      item_id: itemId,
      name: `src.name || case when m > 0 then ' No. ' || (m + 1) else '' end`,
    },
    again,
    some,
  );
  await copyRows(client, 'item_size_prices', { ...INTO_TARGET, item_id: itemId }, again, some);
  for (const table of FULL_CATALOGUE)
    await copyRows(client, table, INTO_TARGET, 'join scale_targets g on g.full', demo);
  await copyRows(client, 'item_modifier_groups', INTO_TARGET, 'join scale_targets g on g.full', demo);
  await copyRows(client, 'menu_group_items', INTO_TARGET, 'join scale_targets g on g.full', demo);
  await copyRows(client, 'restaurant_counters', INTO_TARGET, 'cross join scale_targets g', demo);
  await client.query(/* sql */ `
    update restaurant_counters c set next_id = greatest(c.next_id, ${ITEMS_PER_RESTAURANT})
    from scale_targets g
    where c.tenant_id = g.tenant_id and c.restaurant_id = g.restaurant_id and c.entity_type = 'items'`);
  return items;
}

/** One custom domain per restaurant (verified, so served), two users per tenant (an owner, an employee). */
async function generateDomainsAndUsers(client: pg.Client, base: ScaleBase) {
  await client.query(/* sql */ `
    insert into domain_mappings (domain_id, guid, domain, domain_type, tenant_id, tenant_guid, restaurant_guid,
      is_active, is_primary, ssl_status, verification_status, redirect_config, seo_config, created_by, updated_by)
    select ${base.firstDomain} + (g.restaurant_id - ${base.firstRestaurant}), gen_random_uuid(),
      'www.scale-bistro-' || g.restaurant_id || '.example', 'custom', g.tenant_id, t.guid, g.guid, true, true,
      'issued', 'verified', '{"wwwRedirect":"none"}', '{}', 'system', 'system'
    from scale_targets g join tenants t on t.tenant_id = g.tenant_id`);
  await client.query(/* sql */ `
    insert into users (uid, email, display_name, first_name, last_name, email_verified, is_active)
    select 'scale-' || t.tenant_id || '-' || r, r || '.' || t.tenant_id || '@scale-hospitality.example',
      initcap(r) || ' ' || t.tenant_id, initcap(r), 'Scale ' || t.tenant_id, true, true
    from (select distinct tenant_id from scale_targets) t cross join unnest(array['owner', 'employee']) r`);
  await client.query(/* sql */ `
    insert into tenant_assignments (tenant_id, user_uid, role)
    select t.tenant_id, 'scale-' || t.tenant_id || '-' || r, r
    from (select distinct tenant_id from scale_targets) t cross join unnest(array['owner', 'employee']) r`);
}

/** Lines and totals as a checkout writes them (two lines, one tax). */
const ORDER_JSON = {
  lines: JSON.stringify([
    {
      itemId: 1,
      name: 'Grilled Salmon',
      quantity: 2,
      unitPrice: 1200,
      modifiers: [],
      modifierCharge: 0,
      lineTotal: 2400,
      prepStationIds: [1],
    },
    {
      itemId: 2,
      name: 'Fries',
      quantity: 1,
      unitPrice: 500,
      modifiers: [],
      modifierCharge: 0,
      lineTotal: 500,
      prepStationIds: [1],
    },
  ]),
  totals: JSON.stringify({
    subtotal: 2900,
    taxes: [{ taxRateId: 1, name: 'Sales tax', amount: 232, included: 0 }],
    tax: 232,
    includedTax: 0,
    serviceCharge: 0,
    tip: 435,
    total: 3567,
  }),
};

/**
 * `count` orders of each restaurant `targets` names (a select of tenant_id, restaurant_id, tz), over `days`
 * business days back from each tenant's today; those of today in the board's statuses, older ones completed.
 * The day's order-number counters are raised to match, so a new order takes the next number.
 */
async function insertOrders(client: pg.Client, targets: string, count: number, days: number) {
  await client.query(/* sql */ `
    with g as (${targets}),
    o as (
      select g.tenant_id, g.restaurant_id, s, (now() at time zone g.tz)::date - (s % ${days}) as day,
        1 + s / ${days} as number
      from g cross join generate_series(0, ${count - 1}) s)
    insert into orders (tenant_id, restaurant_id, token, number, business_date, status, pickup_at, asap,
      customer, lines, totals, total, idempotency_key, request_hash, created_at)
    select tenant_id, restaurant_id, md5(random()::text || clock_timestamp()::text || s), number, day,
      case when s % ${days} <> 0 then 'completed'
        else (array['accepted', 'in_preparation', 'ready', 'completed'])[1 + s % 4] end,
      day + time '12:00' + (s % 40) * interval '10 minutes', s % 2 = 0,
      jsonb_build_object('name', 'Guest ' || s, 'email', 'guest' || s || '@example.com', 'phone', '+12075550100'),
      '${ORDER_JSON.lines}', '${ORDER_JSON.totals}', 3567, md5(random()::text || s), 'bench',
      day + time '11:00' + (s % 40) * interval '10 minutes'
    from o`);
  await client.query(/* sql */ `
    insert into order_number_counters (tenant_id, restaurant_id, business_date, last_number)
    select o.tenant_id, o.restaurant_id, o.business_date, max(o.number)
    from orders o join (${targets}) g on g.tenant_id = o.tenant_id and g.restaurant_id = o.restaurant_id
    group by 1, 2, 3
    on conflict (tenant_id, restaurant_id, business_date)
      do update set last_number = greatest(order_number_counters.last_number, excluded.last_number)`);
}

/** Audit rows of the generated restaurants: item price changes by the tenant's owner, over 90 days. */
async function generateAudit(client: pg.Client) {
  await client.query(/* sql */ `
    insert into audit_log (tenant_id, restaurant_id, occurred_at, table_name, operation, row_key, changes, actor,
      actor_email, request_id, endpoint, method, path)
    select g.tenant_id, g.restaurant_id, now() - ((s * 7919 + g.restaurant_id) % 129600) * interval '1 minute',
      'items', 'update',
      jsonb_build_object('tenant_id', g.tenant_id, 'restaurant_id', g.restaurant_id, 'item_id', 1 + s % 100),
      jsonb_build_object('base_price', jsonb_build_object('old', 10 + s % 7, 'new', 11 + s % 7)),
      'scale-' || g.tenant_id || '-owner', 'owner.' || g.tenant_id || '@scale-hospitality.example',
      md5(g.restaurant_id::text || s), 'updateItem', 'PATCH',
      '/api/v1/tenants/' || g.tenant_id || '/restaurants/' || g.restaurant_id || '/items/' || (1 + s % 100)
    from scale_targets g cross join generate_series(1, ${AUDIT_PER_RESTAURANT}) s`);
}

/** Raises the platform counters past every id stored (a counter holds the last id issued). */
async function raiseCounters(client: pg.Client) {
  for (const [type, table, column] of [
    ['tenants', 'tenants', 'tenant_id'],
    ['restaurants', 'restaurants', 'restaurant_id'],
    ['domainMappings', 'domain_mappings', 'domain_id'],
  ] as const)
    await client.query(/* sql */ `
      insert into platform_counters (entity_type, next_id)
      select '${type}', max(${column}) from ${table}
      on conflict (entity_type) do update set next_id = greatest(platform_counters.next_id, excluded.next_id),
        updated_at = now()`);
}

const TARGET_ZONES = `select g.tenant_id, g.restaurant_id, coalesce(t.settings->>'timezone', 'UTC') as tz
  from scale_targets g join tenants t on t.tenant_id = g.tenant_id where g.orders`;

/**
 * Generated tenants [from, to) and all that goes with them, in batches of 1,000 tenants (a statement's rows
 * stay bounded); then ANALYZE. Returns the items written.
 */
export async function generateScale(client: pg.Client, base: ScaleBase, from: number, to: number) {
  let items = 0;
  for (let start = from; start < to; start += 1_000) {
    const end = Math.min(to, start + 1_000);
    await client.query('begin');
    await generateTenants(client, base, start, end);
    items += await generateCatalogue(client, base);
    await generateDomainsAndUsers(client, base);
    await insertOrders(client, TARGET_ZONES, ORDERS_PER_RESTAURANT, ORDER_DAYS);
    await generateAudit(client);
    await client.query('commit');
  }
  await raiseCounters(client);
  await client.query('analyze');
  return items;
}

/**
 * What the probes ask for, the same at every scale: custom domains of the demo's two restaurants (each asked
 * once: a cold host), and today's orders on Harbor Grill's board.
 */
export async function addProbeData(client: pg.Client, base: ScaleBase): Promise<string[]> {
  const first = base.firstDomain - PROBE_HOSTS;
  await client.query(/* sql */ `
    insert into domain_mappings (domain_id, guid, domain, domain_type, tenant_id, tenant_guid, restaurant_guid,
      is_active, is_primary, ssl_status, verification_status, redirect_config, seo_config, created_by, updated_by)
    select ${first} + s, gen_random_uuid(), 'probe-' || s || '.harbor-grill.example', 'custom', t.tenant_id,
      t.guid, r.guid, true, false, 'issued', 'verified', '{"wwwRedirect":"none"}', '{}', 'system', 'system'
    from generate_series(0, ${PROBE_HOSTS - 1}) s
      join restaurants r on r.restaurant_id = case when s % 2 = 0 then ${base.restaurantId}
        else ${base.secondRestaurantId} end
      join tenants t on t.tenant_id = r.tenant_id`);
  await insertOrders(
    client,
    `select tenant_id, restaurant_id, coalesce((select settings->>'timezone' from tenants
       where tenant_id = ${base.tenantId}), 'UTC') as tz from restaurants where restaurant_id = ${base.restaurantId}`,
    PROBE_ORDERS,
    1,
  );
  await raiseCounters(client);
  await client.query('analyze');
  return Array.from({ length: PROBE_HOSTS }, (_, s) => `probe-${s}.harbor-grill.example`);
}
