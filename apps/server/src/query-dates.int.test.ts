import { makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, makeWorld } from './routes/test-business-listing';
import { useOrderingRestaurant } from './routes/test-ordering';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * Issue 42 item 7: a date or time in a query is kept within the years 2000 to 2100 by one schema
 * (packages/domain/src/query-dates.ts). Year 0 and 9999-12-31 used to reach PostgreSQL, which cannot hold
 * them (22008), and came back as 500; now every route answers 400 with the field's message.
 */

const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0' } });
const kit = useOrderingRestaurant(t);
let admin: Session;
let listingOwner: Session;
let connectionId = '';
beforeAll(async () => {
  admin = await signInAs(t.app, (await makeUser(t.database.db, { isSiteAdmin: true })).email, TEST_PASSWORD);
  // a restaurant connected to the Google Business Profile emulator, for the reviews routes
  const world = await makeWorld(t);
  listingOwner = world.owner;
  ({ connectionId } = await connect(t, world.owner, await world.newPlace()));
});

const asOwner = (url: string) => asBearer(t.app, kit.sessions.owner, { method: 'GET', url: `/api/v1${url}` });
const restaurant = () => `/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}`;

/** Every query parameter that takes a day or a moment, with the values that reached the database. */
const cases = (): { url: () => string; as?: () => Session; field: string; message: string }[] => [
  ...['from=0000-01-01', 'to=9999-12-31'].map((query) => ({
    url: () => `${restaurant()}/payments/transactions?${query}`,
    field: query.startsWith('from') ? 'from' : 'to',
    message: `${query.startsWith('from') ? 'From' : 'To'} must be in the years 2000 to 2100`,
  })),
  {
    url: () => `${restaurant()}/payments/settlements?date=0000-01-01`,
    field: 'date',
    message: 'Date must be in the years 2000 to 2100',
  },
  {
    url: () => `${restaurant()}/payments/funding?date=9999-12-31`,
    field: 'date',
    message: 'Date must be in the years 2000 to 2100',
  },
  {
    url: () => `${restaurant()}/payments/funding/daily?from=9999-12-01&to=9999-12-31`,
    field: 'from',
    message: 'From must be in the years 2000 to 2100',
  },
  ...['orders', 'orders/summary'].flatMap((path) =>
    ['0000-01-01', '9999-12-31'].map((date) => ({
      url: () => `${restaurant()}/${path}?date=${date}`,
      field: 'date',
      message: 'date must be in the years 2000 to 2100',
    })),
  ),
  ...['reviews', 'reviews/summary'].flatMap((path) =>
    ['from=0000-01-01', 'to=9999-12-31T23:59:59Z'].map((query) => ({
      url: () => `/business-listing/connections/${connectionId}/${path}?${query}`,
      as: () => listingOwner,
      field: query.slice(0, query.indexOf('=')),
      message: `${query.slice(0, query.indexOf('='))} must be in the years 2000 to 2100`,
    })),
  ),
  {
    url: () => `/tenants/${kit.tenantId}/audit-log?from=0000-01-01T00:00:00Z`,
    field: 'from',
    message: 'from must be in the years 2000 to 2100',
  },
  {
    url: () => '/admin/audit-log?to=9999-12-31T23:59:59Z',
    as: () => admin,
    field: 'to',
    message: 'to must be in the years 2000 to 2100',
  },
  {
    url: () => `${restaurant()}/menus?at=0000-01-01T12:00:00`,
    field: 'at',
    message: 'at must be in the years 2000 to 2100',
  },
];

describe('dates in queries (issue 42 item 7)', () => {
  it('answers a year outside 2000-2100 with 400 and the field’s message on every route', async () => {
    for (const one of cases()) {
      const url = one.url();
      const answer = await asBearer(t.app, one.as?.() ?? kit.sessions.owner, {
        method: 'GET',
        url: `/api/v1${url}`,
      });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(answer.json().errors, url).toContainEqual({ path: `query.${one.field}`, message: one.message });
    }
  });

  it('keeps the format messages, and takes the edges of the range', async () => {
    const bad = await asOwner(`${restaurant()}/orders?date=2026-13-01`);
    expect(bad.json().errors).toEqual([{ path: 'query.date', message: 'date must be YYYY-MM-DD' }]);
    for (const date of ['2000-01-01', '2100-12-31']) {
      expect((await asOwner(`${restaurant()}/orders?date=${date}`)).statusCode, date).toBe(200);
      expect((await asOwner(`${restaurant()}/orders/summary?date=${date}`)).statusCode, date).toBe(200);
      expect((await asOwner(`${restaurant()}/payments/transactions?from=${date}`)).statusCode, date).toBe(
        200,
      );
    }
    const audit = await asOwner(`/tenants/${kit.tenantId}/audit-log?from=2000-01-01T00:00:00Z`);
    expect(audit.statusCode, audit.body).toBe(200);
  });
});
