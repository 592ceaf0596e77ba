import { EMULATOR_ACCOUNT } from '@brigade/google-business/emulator-world';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { expect } from 'vitest';
import type { useTestApp } from '../test-app';
import { APP_ORIGIN, asBearer, type Session, signInAs } from '../test-client';

/** What the business-listing tests share: people, restaurants, and the consent done as a browser would. */

export const REDIRECT_URL = `${APP_ORIGIN}/manage/business-profile/callback`;
export const ACCOUNT = EMULATOR_ACCOUNT.name;

type TestApp = ReturnType<typeof useTestApp>;

export interface Place {
  tenantId: number;
  restaurantId: number;
  tenantGuid: string;
  restaurantGuid: string;
}

export async function makeWorld(t: TestApp) {
  const db = t.database.db;
  const tenant = await makeTenant(db);
  const sessionAs = async (role: 'owner' | 'admin' | 'manager' | 'employee', tenantId = tenant.tenantId) =>
    signInAs(t.app, (await makeUser(db, { tenantId, role })).email, TEST_PASSWORD);
  const other = await makeTenant(db);
  const otherRestaurant = await makeRestaurant(db, other.tenantId);
  return {
    tenant,
    owner: await sessionAs('owner'),
    manager: await sessionAs('manager'),
    employee: await sessionAs('employee'),
    outsider: await sessionAs('owner', other.tenantId),
    foreign: {
      tenantId: other.tenantId,
      restaurantId: otherRestaurant.restaurantId,
      tenantGuid: other.guid,
      restaurantGuid: otherRestaurant.guid,
    } satisfies Place,
    newPlace: async (): Promise<Place> => {
      const restaurant = await makeRestaurant(db, tenant.tenantId);
      return {
        tenantId: tenant.tenantId,
        restaurantId: restaurant.restaurantId,
        tenantGuid: tenant.guid,
        restaurantGuid: restaurant.guid,
      };
    },
  };
}

export const scopeQuery = (place: Place) =>
  `tenantId=${place.tenantGuid}&restaurantId=${place.restaurantGuid}`;

export const api = (
  t: TestApp,
  session: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  asBearer(t.app, session, {
    method,
    url: `/api/v1/business-listing${url}`,
    ...(payload ? { payload } : {}),
  });

/** GET …/auth/url, then the emulator's consent page and its Allow button over HTTP; the redirect's query. */
export async function consent(t: TestApp, session: Session, place: Place) {
  const answer = await api(
    t,
    session,
    'GET',
    `/auth/url?${scopeQuery(place)}&redirectUrl=${encodeURIComponent(REDIRECT_URL)}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  const url = answer.json().data.url as string;
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields = [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(
    ([, key, value]): [string, string] => [key ?? '', (value ?? '').replaceAll('&#38;', '&')],
  );
  const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', url);
  const approved = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URL);
  return { url, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

/** The whole connect flow; the connection the callback answers. */
export async function connect(t: TestApp, session: Session, place: Place) {
  const { code, state } = await consent(t, session, place);
  const answer = await api(t, session, 'POST', '/auth/callback', { code, state });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { connectionId: string; status: string; accountId: string | null };
}
