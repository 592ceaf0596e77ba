import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * Keyset paging of the catalogue lists (decision 012) and the catalogue summary of the dashboard: pages in
 * the list order without gaps or repeats, limits and cursors checked, cursors bound to their list and
 * carrying no authority, and summary counts that match the lists and show employees only to managers.
 */
const t = useTestApp();

type Row = Record<string, unknown>;

let tenantId: number;
let owner: Session;
let manager: Session;
let employee: Session;
let otherTenantOwner: Session;

beforeAll(async () => {
  const db = t.database.db;
  tenantId = (await makeTenant(db)).tenantId;
  const sessionOf = async (role: 'owner' | 'manager' | 'employee', tenant = tenantId) =>
    signInAs(t.app, (await makeUser(db, { tenantId: tenant, role })).email, TEST_PASSWORD);
  owner = await sessionOf('owner');
  manager = await sessionOf('manager');
  employee = await sessionOf('employee');
  otherTenantOwner = await sessionOf('owner', (await makeTenant(db)).tenantId);
});

async function restaurant() {
  const { restaurantId } = await makeRestaurant(t.database.db, tenantId);
  const base = `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}`;
  const send = async (method: 'GET' | 'POST', path: string, payload?: unknown, session = manager) => {
    const response = await asBearer(t.app, session, {
      method,
      url: `${base}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const batch = async (path: string, rows: unknown[]): Promise<Row[]> => {
    const { status, body } = await send('POST', `${path}/batch`, rows);
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data;
  };
  /** Every page of a list, following nextCursor. */
  const pages = async (path: string, session = manager): Promise<Row[][]> => {
    const all: Row[][] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const url: string = cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path;
      const { status, body } = await send('GET', url, undefined, session);
      expect(status, JSON.stringify(body)).toBe(200);
      all.push(body.data);
      cursor = body.nextCursor;
      expect(all.length).toBeLessThan(100);
    } while (cursor);
    return all;
  };
  return { restaurantId, base, send, batch, pages };
}

const ids = (rows: Row[], field: string) => rows.map((row) => row[field] as number);

describe('catalogue list paging', () => {
  it('pages through items with limit 7: every row exactly once, in id order', async () => {
    const r = await restaurant();
    const created = await r.batch(
      'items',
      Array.from({ length: 23 }, (_, i) => ({ name: `Item ${i}`, basePrice: i + 1 })),
    );
    const pages = await r.pages('items?limit=7');
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 2]);
    expect(ids(pages.flat(), 'itemId')).toEqual(ids(created, 'itemId'));
    // The pages show the same records as the whole list.
    const whole = await r.send('GET', 'items');
    expect(whole.body.nextCursor).toBeNull();
    expect(pages.flat()).toEqual(whole.body.data);
  });

  it('ends with a null cursor when the last page is exactly full', async () => {
    const r = await restaurant();
    await r.batch(
      'tags',
      Array.from({ length: 6 }, (_, i) => ({ name: `Tag ${i}` })),
    );
    const pages = await r.pages('tags?limit=3');
    expect(pages.map((page) => page.length)).toEqual([3, 3]);
  });

  it('pages 500 rows by default and continues with the rest', async () => {
    const r = await restaurant();
    const created = await r.batch(
      'tags',
      Array.from({ length: 612 }, (_, i) => ({ name: `Tag ${i}` })),
    );
    const pages = await r.pages('tags');
    expect(pages.map((page) => page.length)).toEqual([500, 112]);
    expect(ids(pages.flat(), 'tagId')).toEqual(ids(created, 'tagId'));
  });

  it('pages menu groups by position, ties broken by id, with ?parent=none', async () => {
    const r = await restaurant();
    // Positions repeat, so only the id can order the ties; children are left out by ?parent=none.
    const positions = [3, 1, 2, 1, 3, 0, 2, 1, 3, 0, 1];
    const parents = await r.batch(
      'menu-groups',
      positions.map((position, i) => ({ name: `Menu ${i}`, position })),
    );
    await r.batch('menu-groups', [
      { name: 'Child A', parentId: parents[0]!.menuGroupId, position: 0 },
      { name: 'Child B', parentId: parents[1]!.menuGroupId, position: 1 },
    ]);
    const expected = [...parents]
      .sort(
        (a, b) =>
          (a.position as number) - (b.position as number) ||
          (a.menuGroupId as number) - (b.menuGroupId as number),
      )
      .map((group) => group.menuGroupId);
    for (const limit of [1, 2, 4]) {
      const pages = await r.pages(`menu-groups?parent=none&limit=${limit}`);
      expect(pages.length).toBe(Math.ceil(parents.length / limit));
      expect(ids(pages.flat(), 'menuGroupId')).toEqual(expected);
    }
    // A group's children page too.
    const children = await r.pages(`menu-groups?parent=${parents[0]!.menuGroupId}&limit=1`);
    expect(children.flat().map((group) => group.name)).toEqual(['Child A']);
    // Unfiltered, the children are part of the list.
    expect((await r.pages('menu-groups?limit=5')).flat()).toHaveLength(parents.length + 2);
  });

  it('refuses bad limits and cursors with 400 and the messages', async () => {
    const r = await restaurant();
    await r.batch('items', [
      { name: 'A', basePrice: 1 },
      { name: 'B', basePrice: 2 },
    ]);
    const refused = async (query: string) => {
      const { status, body } = await r.send('GET', `items?${query}`);
      expect(status, query).toBe(400);
      return body.errors.map((error: { message: string }) => error.message);
    };
    expect(await refused('limit=0')).toEqual(['Limit must be a positive integer']);
    expect(await refused('limit=-3')).toEqual(['Limit must be a positive integer']);
    expect(await refused('limit=x')).toEqual(['Limit must be a positive integer']);
    expect(await refused('limit=2.5')).toEqual(['Limit must be a positive integer']);
    expect(await refused('limit=501')).toEqual(['Limit cannot exceed 500']);
    expect((await r.send('GET', 'items?limit=500')).status).toBe(200);
    for (const cursor of [
      'nonsense',
      '',
      Buffer.from('{"l":"items","k":[1]}').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
    ]) {
      expect(await refused(`cursor=${encodeURIComponent(cursor)}`)).toEqual(['Invalid cursor']);
    }
    // A cursor of items is foreign to every other list, and to the same list with another filter.
    const { body } = await r.send('GET', 'items?limit=1');
    expect(body.nextCursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(body.nextCursor);
    expect((await r.send('GET', `tags?cursor=${cursor}`)).status).toBe(400);
    const [lunch] = await r.batch('menu-groups', [{ name: 'Lunch' }, { name: 'Dinner' }]);
    const groups = await r.send('GET', 'menu-groups?parent=none&limit=1');
    const groupCursor = encodeURIComponent(groups.body.nextCursor);
    expect((await r.send('GET', `menu-groups?parent=none&cursor=${groupCursor}`)).status).toBe(200);
    expect(
      (await r.send('GET', `menu-groups?parent=${lunch!.menuGroupId}&cursor=${groupCursor}`)).status,
    ).toBe(400);
    // A key outside the integer range of the order columns is refused, not sent to the database.
    const forged = JSON.parse(Buffer.from(body.nextCursor, 'base64url').toString('utf8'));
    forged.k = [2 ** 40];
    const tampered = Buffer.from(JSON.stringify(forged)).toString('base64url');
    expect(await refused(`cursor=${tampered}`)).toEqual(['Invalid cursor']);
    // The genuine cursor continues the list.
    const next = await r.send('GET', `items?limit=1&cursor=${cursor}`);
    expect(next.body.data.map((row: Row) => row.name)).toEqual(['B']);
  });

  it("gives a cursor no authority: it reads no other restaurant's rows", async () => {
    const a = await restaurant();
    const b = await restaurant();
    await a.batch(
      'items',
      Array.from({ length: 3 }, (_, i) => ({ name: `A ${i}`, basePrice: 1 })),
    );
    await b.batch(
      'items',
      Array.from({ length: 3 }, (_, i) => ({ name: `B ${i}`, basePrice: 1 })),
    );
    const cursor = encodeURIComponent((await a.send('GET', 'items?limit=1')).body.nextCursor);
    // Another restaurant of the same tenant: the cursor belongs to another list.
    const elsewhere = await b.send('GET', `items?limit=1&cursor=${cursor}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([{ path: 'query.cursor', message: 'Invalid cursor' }]);
    // Another tenant's owner holding the cursor is refused by the access check, as without one.
    const foreign = await a.send('GET', `items?limit=1&cursor=${cursor}`, undefined, otherTenantOwner);
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('A 1');
    // Employees of the tenant page the catalogue; employee records still take a manager.
    expect((await a.send('GET', `items?limit=1&cursor=${cursor}`, undefined, employee)).status).toBe(200);
    expect((await a.send('GET', 'employees?limit=1', undefined, employee)).status).toBe(403);
  });
});

describe('catalogue summary', () => {
  it('counts every kind in one answer, matching the lists', async () => {
    const r = await restaurant();
    await r.batch(
      'items',
      Array.from({ length: 9 }, (_, i) => ({ name: `Item ${i}`, basePrice: 1 })),
    );
    await r.batch('modifier-groups', [{ name: 'Sauces' }, { name: 'Sides' }]);
    const menus = await r.batch('menu-groups', [{ name: 'Lunch' }, { name: 'Dinner' }, { name: 'Drinks' }]);
    await r.batch('menu-groups', [{ name: 'Mains', parentId: menus[0]!.menuGroupId }]);
    await r.batch('tags', [{ name: 'Vegan' }]);
    await r.batch('courses', [{ name: 'Starters' }, { name: 'Mains' }]);
    await r.batch('prep-stations', [{ name: 'Grill' }]);
    await r.batch('printers', [{ name: 'Kitchen', model: 'TM-T88' }]);
    await r.batch('tax-rates', [{ name: 'State', rate: 8 }]);
    await r.batch('sales-categories', [{ name: 'Food', code: 'FOOD' }]);
    await r.batch('cash-drawers', [{ name: 'Front' }]);
    await r.batch('job-titles', [{ title: 'Cook' }]);
    await r.batch('employees', [
      { firstName: 'Ada', lastName: 'L', email: 'ada@example.com' },
      { firstName: 'Bob', lastName: 'M', email: 'bob@example.com' },
    ]);
    // Another restaurant's records are not counted.
    const other = await restaurant();
    await other.batch('items', [{ name: 'Elsewhere', basePrice: 1 }]);

    const { status, body } = await r.send('GET', 'catalogue-summary');
    expect(status, JSON.stringify(body)).toBe(200);
    const counts = body.data;
    expect(counts).toMatchObject({
      menus: 3,
      items: 9,
      modifierGroups: 2,
      menuGroups: 4,
      courses: 2,
      tags: 1,
      prepStations: 1,
      salesCategories: 1,
      taxRates: 1,
      printers: 1,
      cashDrawers: 1,
      jobTitles: 1,
      employees: 2,
    });
    const listed = async (path: string) => (await r.pages(path)).flat().length;
    expect(counts.menus).toBe(await listed('menu-groups?parent=none&limit=2'));
    for (const [key, path] of [
      ['items', 'items'],
      ['menuGroups', 'menu-groups'],
      ['modifierGroups', 'modifier-groups'],
      ['employees', 'employees'],
      ['taxRates', 'tax-rates'],
      ['prepStations', 'prep-stations'],
      ['printers', 'printers'],
    ] as const) {
      expect(counts[key], key).toBe(await listed(`${path}?limit=2`));
    }
  });

  it("answers the set-up checklist, and today's orders and sales to managers only", async () => {
    const r = await restaurant();
    const fresh = (await r.send('GET', 'catalogue-summary', undefined, owner)).body.data;
    // owner, manager and employee of this tenant; a new website is published by default
    expect(fresh.setup).toEqual({
      websitePublished: true,
      customDomainVerified: false,
      paymentsConnected: false,
      teamMembers: 3,
    });
    expect(fresh.today).toMatchObject({ orders: 0, sales: 0 });
    expect(fresh.today.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const base = r.base;
    const published = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: base,
      payload: { websiteConfig: { enabled: false } },
    });
    expect(published.statusCode, published.body).toBe(200);
    const merchant = await asBearer(t.app, owner, {
      method: 'PUT',
      url: `${base}/payments/merchant-account`,
      payload: { merchid: '496160873888', site: 'fts', environment: 'uat', username: 'u', password: 'p' },
    });
    expect(merchant.statusCode, merchant.body).toBe(200);
    const after = (await r.send('GET', 'catalogue-summary', undefined, owner)).body.data;
    expect(after.setup).toMatchObject({ websitePublished: false, paymentsConnected: true });

    const asEmployee = (await r.send('GET', 'catalogue-summary', undefined, employee)).body.data;
    expect(asEmployee.setup.paymentsConnected).toBe(true);
    expect(asEmployee).not.toHaveProperty('today');
  });

  it('shows the employee count only to those who may read employee records', async () => {
    const r = await restaurant();
    await r.batch('employees', [{ firstName: 'Ada', lastName: 'L', email: 'ada@example.com' }]);
    const asEmployee = await r.send('GET', 'catalogue-summary', undefined, employee);
    expect(asEmployee.status).toBe(200);
    expect(asEmployee.body.data).not.toHaveProperty('employees');
    expect(asEmployee.body.data.items).toBe(0);
    for (const session of [manager, owner]) {
      const answer = await r.send('GET', 'catalogue-summary', undefined, session);
      expect(answer.body.data.employees).toBe(1);
    }
  });

  it("refuses another tenant's owner and answers 404 for unknown or foreign restaurants", async () => {
    const r = await restaurant();
    const foreign = await r.send('GET', 'catalogue-summary', undefined, otherTenantOwner);
    expect(foreign.status).toBe(403);
    expect(foreign.body.data).toBeUndefined();

    const unknown = await asBearer(t.app, owner, {
      method: 'GET',
      url: `/api/v1/tenants/${tenantId}/restaurants/99999999/catalogue-summary`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Restaurant with ID 99999999 not found');

    // A restaurant of another tenant, named under this tenant, is not found either.
    const otherTenant = (await makeTenant(t.database.db)).tenantId;
    const { restaurantId } = await makeRestaurant(t.database.db, otherTenant);
    const crossed = await asBearer(t.app, owner, {
      method: 'GET',
      url: `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/catalogue-summary`,
    });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().detail).toBe(`Restaurant with ID ${restaurantId} not found`);
  });
});
