import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import type { CardPointeEmulator } from '@brigade/cardpointe/emulator';
import { noonZone } from '@brigade/test-utils/clock';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, expect } from 'vitest';
import type { useTestApp } from '../test-app';
import { asBearer, overHttp, type Session, signInAs } from '../test-client';

type TestApp = ReturnType<typeof useTestApp>;
export type Person = 'owner' | 'manager' | 'employee' | 'otherOwner';

const ALL_DAY = { open: '00:00', close: '00:00', closed: false };
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * What the ordering tests share (issue 21): a restaurant that orders internally, open all day, connected
 * to the CardPointe emulator, with an owner, a manager, an employee and another tenant's owner signed in;
 * and the calls they make as staff, as a guest and to the emulator's card vault. Set up in a `beforeAll`
 * registered before the file's own, which then adds its catalogue.
 */
export function useOrderingRestaurant(t: TestApp) {
  const kit = {
    tenantId: 0,
    restaurantId: 0,
    /** The tenant's clock: a zone where it was about noon when the file started (noonZone). */
    timeZone: '',
    slug: '',
    sessions: {} as Record<Person, Session>,
    emulator: undefined as unknown as CardPointeEmulator,
    staff: (who: Person, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: object) =>
      asBearer(t.app, kit.sessions[who], {
        method,
        url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
        ...(payload ? { payload } : {}),
      }),
    guest: (method: 'GET' | 'POST', path: string, payload?: object, key?: string) =>
      t.app.inject({
        method,
        url: `/api/v1/ordering${path}`,
        ...(payload ? { payload } : {}),
        headers: key ? { 'idempotency-key': key } : {},
      }),
    /** The same calls over real HTTP (from 127.0.0.1; `headers` may name a forwarded client address). */
    http: overHttpCalls(t, (): Where => kit),
    /** Creates a catalogue record as the owner; its stored form. */
    create: async (kind: string, record: object): Promise<Record<string, unknown>> => {
      const answer = await kit.staff('owner', 'POST', `/${kind}`, record);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().data;
    },
    /** A card's token from the emulator's vault, as the hosted frame would give it. */
    tokenOf: (card: string) => tokenizeCard(kit.emulator.url, card),
  };
  beforeAll(async () => {
    const db = t.database.db;
    kit.tenantId = (await makeTenant(db, { plan: 'enterprise' })).tenantId;
    const restaurant = await makeRestaurant(db, kit.tenantId);
    kit.restaurantId = restaurant.restaurantId;
    kit.slug = restaurant.slug;
    const otherTenantId = (await makeTenant(db)).tenantId;
    await makeRestaurant(db, otherTenantId);
    const people = {
      owner: { tenantId: kit.tenantId, role: 'owner' },
      manager: { tenantId: kit.tenantId, role: 'manager' },
      employee: { tenantId: kit.tenantId, role: 'employee' },
      otherOwner: { tenantId: otherTenantId, role: 'owner' },
    } as const;
    for (const [name, options] of Object.entries(people))
      kit.sessions[name as Person] = await signInAs(
        t.app,
        (await makeUser(db, options)).email,
        TEST_PASSWORD,
      );
    kit.emulator = (await t.deps.payments.emulator())!;
    const merchant = {
      merchid: '496160873888',
      site: 'fts',
      environment: 'uat',
      username: 'testing',
      password: 'testing123',
    };
    expect((await kit.staff('owner', 'PUT', '/payments/merchant-account', merchant)).statusCode).toBe(200);
    const patched = await kit.staff('owner', 'PATCH', '', {
      operatingHours: Object.fromEntries(DAYS.map((d) => [d, ALL_DAY])),
      settings: { taxRate: 0, serviceCharge: 0, currency: 'USD', allowTips: true, autoAcceptOrders: false },
      websiteConfig: { enabled: true, ordering: { enabled: true, provider: 'internal' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // today's orders go by the restaurant's date: a clock at noon keeps an ASAP pickup on today
    kit.timeZone = noonZone();
    await setTenantClock(t, kit.sessions.owner, kit.tenantId, kit.timeZone);
  });
  return kit;
}

/** The kit's staff and guest calls over real HTTP to the file's listening server. */
type Where = { tenantId: number; restaurantId: number; sessions: Record<Person, Session> };

function overHttpCalls(t: TestApp, kitOf: () => Where) {
  return {
    staff: (
      who: Person,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH',
      path: string,
      payload?: object,
      key?: string,
    ) => {
      const kit = kitOf();
      return overHttp(t.baseUrl, {
        method,
        url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
        session: kit.sessions[who],
        payload,
        headers: key ? { 'idempotency-key': key } : {},
      });
    },
    guest: (
      method: 'GET' | 'POST',
      path: string,
      payload?: object,
      key?: string,
      headers: Record<string, string> = {},
    ) =>
      overHttp(t.baseUrl, {
        method,
        url: `/api/v1/ordering${path}`,
        payload,
        headers: { ...(key ? { 'idempotency-key': key } : {}), ...headers },
      }),
  };
}

/** Sets the tenant's time zone, as its owner. */
async function setTenantClock(t: TestApp, owner: Session, tenantId: number, timeZone: string) {
  const url = `/api/v1/tenants/${tenantId}`;
  const tenant = await asBearer(t.app, owner, { method: 'GET', url });
  const clock = await asBearer(t.app, owner, {
    method: 'PATCH',
    url,
    payload: { settings: { ...tenant.json().data.tenant.settings, timezone: timeZone } },
  });
  expect(clock.statusCode, clock.body).toBe(200);
}
