import type { AuditEntry } from '@brigade/domain/audit-log';
import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import {
  makeCatalogueRecord,
  makeRestaurant,
  makeTenant,
  makeUser,
  TEST_PASSWORD,
} from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * The audit log (decision 019): every write to a tenant's data leaves one entry per changed row, written by
 * the database in the same transaction, with who, which request and which route; owners and admins read
 * their tenant's log, site administrators every tenant's; secrets never reach it.
 */
const t = useTestApp();

let tenantId: number;
let restaurantId: number;
let otherTenantId: number;
let otherRestaurantId: number;
const sessions: Record<string, Session> = {};
const emails: Record<string, string> = {};
const uids: Record<string, string> = {};

beforeAll(async () => {
  const db = t.database.db;
  tenantId = (await makeTenant(db, { plan: 'enterprise' })).tenantId;
  restaurantId = (await makeRestaurant(db, tenantId)).restaurantId;
  otherTenantId = (await makeTenant(db)).tenantId;
  otherRestaurantId = (await makeRestaurant(db, otherTenantId)).restaurantId;
  const people = {
    owner: { tenantId, role: 'owner' },
    admin: { tenantId, role: 'admin' },
    manager: { tenantId, role: 'manager' },
    employee: { tenantId, role: 'employee' },
    otherOwner: { tenantId: otherTenantId, role: 'owner' },
    siteAdmin: { isSiteAdmin: true },
  } as const;
  for (const [name, options] of Object.entries(people)) {
    const user = await makeUser(db, options);
    emails[name] = user.email;
    uids[name] = user.uid;
    sessions[name] = await signInAs(t.app, user.email, TEST_PASSWORD);
  }
});

const base = () => `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}`;
const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  asBearer(t.app, sessions[who]!, {
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { 'x-request-id': `audit-${who}-${method}-${Math.random().toString(36).slice(2)}` },
  });
const log = async (who: string, query = '', tenant = tenantId) => {
  const response = await call(who, 'GET', `/api/v1/tenants/${tenant}/audit-log${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: AuditEntry[]; nextCursor: string | null };
};
/** The raw stored rows, as the database holds them (to prove what is and is not stored). */
const storedLog = async () =>
  (
    (await t.database.db.execute(
      sql`select changes::text as changes, row_key::text as key from audit_log`,
    )) as unknown as {
      rows: { changes: string; key: string }[];
    }
  ).rows;

describe('audit log', () => {
  it('records create, update and delete with actor, route, request id and a diff of the changed fields', async () => {
    const created = await call('manager', 'POST', `${base()}/items`, {
      name: 'Audit Burger',
      basePrice: 12.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const itemId = created.json().data.itemId as number;
    const updated = await call('manager', 'PATCH', `${base()}/items/${itemId}`, {
      name: 'Audit Burger Deluxe',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const deleted = await call('manager', 'DELETE', `${base()}/items/${itemId}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const { data } = await log('owner', `?table=items&restaurantId=${restaurantId}`);
    const mine = data.filter((entry) => entry.key.itemId === itemId);
    expect(mine.map((entry) => entry.operation)).toEqual(['delete', 'update', 'insert']);
    const [del, upd, ins] = mine as [AuditEntry, AuditEntry, AuditEntry];

    expect(ins).toMatchObject({
      tenantId,
      restaurantId,
      table: 'items',
      key: { tenantId, restaurantId, itemId },
      actor: { userId: uids.manager, email: emails.manager },
      requestId: created.headers['x-request-id'],
      endpoint: 'createItem',
      method: 'POST',
      path: `${base()}/items`,
    });
    expect(ins.changes.name).toEqual({ new: 'Audit Burger' });
    expect(ins.changes.basePrice).toEqual({ new: 12.5 });
    expect(ins.changes.updatedAt).toBeUndefined();

    // An update lists only what changed, before and after.
    expect(upd.changes).toEqual({ name: { old: 'Audit Burger', new: 'Audit Burger Deluxe' } });
    expect(upd).toMatchObject({
      endpoint: 'updateItem',
      method: 'PATCH',
      requestId: updated.headers['x-request-id'],
      path: `${base()}/items/${itemId}`,
    });
    expect(del).toMatchObject({ endpoint: 'deleteItem', method: 'DELETE' });
    expect(del.changes.name).toEqual({ old: 'Audit Burger Deluxe' });
    expect(new Date(ins.occurredAt).getTime()).toBeLessThanOrEqual(new Date(del.occurredAt).getTime());
  });

  it('records only the rows a save changed: an item saved with its sizes unchanged rewrites none', async () => {
    const created = await call('manager', 'POST', `${base()}/items`, {
      name: 'Sized Soup',
      pricingStrategy: 'size',
      sizePrice: [
        { name: 'Cup', price: 4 },
        { name: 'Bowl', price: 7 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data;
    const entriesOf = async (response: { headers: Record<string, unknown> }) =>
      (await log('owner', '?limit=500')).data
        .filter((entry) => entry.requestId === response.headers['x-request-id'])
        .map((entry) => `${entry.operation} ${entry.table}`)
        .sort();
    // The editor sends the whole record back, sizes included, with only the name changed.
    const renamed = await call('manager', 'PATCH', `${base()}/items/${item.itemId}`, {
      ...item,
      name: 'Sized Soup of the Day',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await entriesOf(renamed)).toEqual(['update items']);
    // A changed size rewrites that item's sizes.
    const repriced = await call('manager', 'PATCH', `${base()}/items/${item.itemId}`, {
      sizePrice: [item.sizePrice[0], { ...item.sizePrice[1], price: 7.5 }],
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().data.sizePrice.map((size: { price: number }) => size.price)).toEqual([4, 7.5]);
    expect(await entriesOf(repriced)).toEqual([
      'delete item_size_prices',
      'delete item_size_prices',
      'insert item_size_prices',
      'insert item_size_prices',
    ]);
  });

  it('keeps no entry of a write that rolled back', async () => {
    const parent = await call('manager', 'POST', `${base()}/menu-groups`, { name: 'Audit Parent' });
    const parentId = parent.json().data.menuGroupId as number;
    const child = await call('manager', 'POST', `${base()}/menu-groups`, { name: 'Audit Child', parentId });
    const childId = child.json().data.menuGroupId as number;
    // The update is written, then the cycle check after it fails the request: all of it rolls back.
    const cycle = await call('manager', 'PATCH', `${base()}/menu-groups/${parentId}`, { parentId: childId });
    expect(cycle.statusCode, cycle.body).toBe(400);

    const { data } = await log('owner', '?table=menu_groups');
    expect(data.filter((entry) => entry.requestId === cycle.headers['x-request-id'])).toEqual([]);
    expect(data.filter((entry) => entry.key.menuGroupId === parentId).map((e) => e.operation)).toEqual([
      'insert',
    ]);
  });

  it('records writes made outside the API as the system', async () => {
    const record = await makeCatalogueRecord(
      t.database.db,
      ITEM_KIND,
      { tenantId, restaurantId },
      { name: 'Seeded Soup' },
    );
    const { data } = await log('admin', `?actor=system&table=items`);
    const entry = data.find((e) => e.key.itemId === (record as { itemId: number }).itemId);
    expect(entry).toMatchObject({
      operation: 'insert',
      actor: { userId: null, email: null },
      endpoint: null,
    });
  });

  it('lets owners and admins read their tenant’s log, and no one else', async () => {
    await log('owner');
    await log('admin');
    for (const who of ['manager', 'employee', 'otherOwner']) {
      const response = await call(who, 'GET', `/api/v1/tenants/${tenantId}/audit-log`);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Audit Burger');
    }
    // The other tenant's owner reads their own log, which holds nothing of this tenant.
    await call(
      'otherOwner',
      'POST',
      `/api/v1/tenants/${otherTenantId}/restaurants/${otherRestaurantId}/tags`,
      {
        name: 'Other Tag',
      },
    );
    const other = await log('otherOwner', '', otherTenantId);
    expect(other.data.length).toBeGreaterThan(0);
    expect(other.data.every((entry) => entry.tenantId === otherTenantId)).toBe(true);
    expect(JSON.stringify(other.data)).not.toContain('Audit Burger');
  });

  it('lets site administrators read every tenant’s log, or one tenant’s', async () => {
    const all = await call('siteAdmin', 'GET', '/api/v1/admin/audit-log?limit=500');
    expect(all.statusCode, all.body).toBe(200);
    const tenants = new Set((all.json().data as AuditEntry[]).map((entry) => entry.tenantId));
    expect(tenants).toContain(tenantId);
    expect(tenants).toContain(otherTenantId);
    const one = await call('siteAdmin', 'GET', `/api/v1/admin/audit-log?tenantId=${otherTenantId}`);
    expect((one.json().data as AuditEntry[]).every((entry) => entry.tenantId === otherTenantId)).toBe(true);
    const refused = await call('owner', 'GET', '/api/v1/admin/audit-log');
    expect(refused.statusCode).toBe(403);
  });

  it('filters by actor email, endpoint and time, and pages newest first', async () => {
    for (const name of ['Page A', 'Page B', 'Page C']) {
      await call('admin', 'POST', `${base()}/tags`, { name });
    }
    const byEmail = await log('owner', `?actor=${encodeURIComponent(emails.admin!)}&endpoint=createTag`);
    expect(byEmail.data.map((entry) => entry.changes.name?.new)).toEqual(['Page C', 'Page B', 'Page A']);

    const first = await log('owner', `?actor=${uids.admin}&limit=2`);
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await log('owner', `?actor=${uids.admin}&limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((e) => e.auditId)).toEqual(byEmail.data.slice(2).map((e) => e.auditId));
    expect(second.nextCursor).toBeNull();

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await log('owner', `?from=${encodeURIComponent(future)}`)).data).toEqual([]);
    expect((await log('owner', `?to=${encodeURIComponent(future)}&endpoint=createTag`)).data.length).toBe(3);

    const bad = await call('owner', 'GET', `/api/v1/tenants/${tenantId}/audit-log?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    const otherList = await call('siteAdmin', 'GET', `/api/v1/admin/audit-log?cursor=${first.nextCursor}`);
    expect(otherList.statusCode).toBe(400);
  });

  it('never stores secrets: POS access codes and platform tokens are redacted', async () => {
    const employee = await call('manager', 'POST', `${base()}/employees`, {
      firstName: 'Secret',
      lastName: 'Keeper',
      accountInfo: { posAccessCode: 'POS-SECRET-4821' },
      posAccessConfig: { hasAccess: true, accessCode: 'ACCESS-SECRET-9917' },
    });
    expect(employee.statusCode, employee.body).toBe(201);
    const employeeId = employee.json().data.employeeId as number;
    const changed = await call('manager', 'PATCH', `${base()}/employees/${employeeId}`, {
      posAccessConfig: { hasAccess: true, accessCode: 'ACCESS-SECRET-0002' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const restaurant = await call('owner', 'PATCH', base(), {
      platformSync: {
        platforms: {
          googleMyBusiness: {
            enabled: true,
            accountId: 'acct-visible-1',
            tokens: { accessToken: 'TOKEN-SECRET-ACCESS', refreshToken: 'TOKEN-SECRET-REFRESH' },
          },
        },
      },
    });
    expect(restaurant.statusCode, restaurant.body).toBe(200);

    const stored = JSON.stringify(await storedLog());
    for (const secret of ['POS-SECRET-4821', 'ACCESS-SECRET-9917', 'ACCESS-SECRET-0002', 'TOKEN-SECRET']) {
      expect(stored).not.toContain(secret);
    }
    // What is not secret stays readable, and a changed secret still shows that it changed.
    expect(stored).toContain('acct-visible-1');
    const { data } = await log('owner', '?table=employees');
    const update = data.find((entry) => entry.operation === 'update' && entry.key.employeeId === employeeId)!;
    // the code changed, but both sides show it only as redacted; the other fields stay readable
    const redacted = {
      hasAccess: true,
      accessCode: '[redacted]',
      allowCodeLogin: false,
      updateAllLocations: false,
    };
    expect(update.changes.posAccessConfig).toEqual({ old: redacted, new: redacted });
  });
});
