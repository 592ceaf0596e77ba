import { randomUUID } from 'node:crypto';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import type { CardPointeEmulator } from '@brigade/cardpointe/emulator';
import { cardDataIn, rowsOf, tablesText } from '@brigade/test-utils/card-data';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * The remaining payment routes through the CardPointe emulator (issue 16 item 4): stored customer profiles
 * (create, look up, update, add a card, delete only when confirmed, charge one), surcharge and BIN look-ups,
 * signature capture, another tenant, and no card number in the profiles table.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });

let tenantId: number;
let restaurantId: number;
let otherTenantId: number;
const sessions: Record<string, Session> = {};
let emulator: CardPointeEmulator;

const MERCHANT = {
  merchid: '496160873888',
  site: 'fts',
  environment: 'uat',
  username: 'testing',
  password: 'testing123',
};
const VISA = '4111111111111111';
const MASTERCARD = '5454545454545454';

beforeAll(async () => {
  const db = t.database.db;
  tenantId = (await makeTenant(db, { plan: 'enterprise' })).tenantId;
  restaurantId = (await makeRestaurant(db, tenantId)).restaurantId;
  otherTenantId = (await makeTenant(db)).tenantId;
  await makeRestaurant(db, otherTenantId);
  const people = {
    owner: { tenantId, role: 'owner' },
    manager: { tenantId, role: 'manager' },
    employee: { tenantId, role: 'employee' },
    otherOwner: { tenantId: otherTenantId, role: 'owner' },
  } as const;
  for (const [name, options] of Object.entries(people)) {
    const user = await makeUser(db, options);
    sessions[name] = await signInAs(t.app, user.email, TEST_PASSWORD);
  }
  emulator = (await t.deps.payments.emulator())!;
  const saved = await call('owner', 'PUT', '/merchant-account', MERCHANT);
  expect(saved.statusCode).toBe(200);
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const base = () => `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/payments`;
const call = (who: string, method: Method, path: string, payload?: object, key?: string) =>
  asBearer(t.app, sessions[who]!, {
    method,
    url: `${base()}${path}`,
    ...(payload ? { payload } : {}),
    headers: key ? { 'idempotency-key': key } : {},
  });
const write = (who: string, method: Method, path: string, payload?: object) =>
  call(who, method, path, payload, randomUUID());

const tokenOf = (card: string) => tokenizeCard(emulator.url, card);

type Profile = { profileId: string; acctId: string; [key: string]: unknown };
const profileOf = (response: { json: () => unknown }) =>
  (response.json() as { data: { profile: Profile } }).data.profile;

const createProfile = async (card = VISA, extra: object = {}) =>
  write('manager', 'POST', '/profiles', {
    token: await tokenOf(card),
    expiry: '1230',
    name: 'Ada Lovelace',
    postal: '55555',
    email: 'ada@example.com',
    ...extra,
  });

describe('stored customer profiles', () => {
  it('stores a card from a token, lists it and shows what the gateway holds', async () => {
    const created = await createProfile();
    expect(created.statusCode).toBe(201);
    const profile = profileOf(created);
    expect(profile).toMatchObject({
      name: 'Ada Lovelace',
      lastFour: '1111',
      cardBrand: 'visa',
      expiry: '1230',
      isDefault: true,
      acctId: '1',
    });
    expect(profile.profileId).toMatch(/^\d{20}$/);

    const list = await call('employee', 'GET', '/profiles');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: Profile) => p.profileId)).toContain(profile.profileId);

    const detail = await call('manager', 'GET', `/profiles/${profile.profileId}/accounts/1`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      profileId: profile.profileId,
      gateway: { name: 'Ada Lovelace', postal: '55555', email: 'ada@example.com', defaultAccount: true },
    });
    expect(detail.body).not.toContain(VISA);
  });

  it('is stored by managers, not employees, and needs an Idempotency-Key', async () => {
    const body = { token: await tokenOf(VISA), expiry: '1230', name: 'Grace' };
    expect((await write('employee', 'POST', '/profiles', body)).statusCode).toBe(403);
    const keyless = await call('manager', 'POST', '/profiles', body);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().detail).toMatch(/Idempotency-Key header is required/);
  });

  it('stores a card once for a repeated key, and answers 422 for the key with another body', async () => {
    const body = { token: await tokenOf(VISA), expiry: '1230', name: 'Repeat' };
    const key = randomUUID();
    const before = emulator.calls.saveProfile;
    const first = await call('manager', 'POST', '/profiles', body, key);
    const again = await call('manager', 'POST', '/profiles', body, key);
    expect(profileOf(again)).toEqual(profileOf(first));
    expect(emulator.calls.saveProfile - before).toBe(1);
    expect((await call('manager', 'POST', '/profiles', { ...body, name: 'Other' }, key)).statusCode).toBe(
      422,
    );
  });

  it('updates only what is sent, and adds a second card that becomes the default', async () => {
    const profile = profileOf(await createProfile(MASTERCARD, { name: 'Charles Babbage' }));
    const path = `/profiles/${profile.profileId}/accounts/${profile.acctId}`;
    const updated = await write('manager', 'PATCH', path, { name: 'C. Babbage', phone: '555-0100' });
    expect(updated.statusCode).toBe(200);
    expect(profileOf(updated)).toMatchObject({ name: 'C. Babbage', cardBrand: 'mastercard', expiry: '1230' });
    const detail = (await call('manager', 'GET', path)).json().data;
    expect(detail.gateway).toMatchObject({ name: 'C. Babbage', phone: '555-0100', postal: '55555' });
    expect((await write('manager', 'PATCH', path, {})).statusCode).toBe(400);

    const added = await write('manager', 'POST', `/profiles/${profile.profileId}/accounts`, {
      token: await tokenOf('4444333322221111'),
      expiry: '0631',
      defaultAccount: true,
    });
    expect(added.statusCode).toBe(201);
    expect(profileOf(added)).toMatchObject({ acctId: '2', lastFour: '1111', isDefault: true });
    const list = (await call('employee', 'GET', '/profiles')).json().data as Profile[];
    const first = list.find((p) => p.profileId === profile.profileId && p.acctId === '1');
    expect(first?.isDefault).toBe(false);
    const unknown = await write('manager', 'POST', '/profiles/12345678901234567890/accounts', {
      token: await tokenOf(VISA),
      expiry: '1230',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes only with confirmation, and forgets the card only once the gateway deleted it', async () => {
    const profile = profileOf(await createProfile('4012888888881881', { name: 'To Delete' }));
    const path = `/profiles/${profile.profileId}/accounts/${profile.acctId}`;
    const unconfirmed = await write('manager', 'DELETE', path);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().detail).toMatch(/permanent and cannot be undone/);
    const wrong = await write('manager', 'DELETE', `${path}?confirm=1`);
    expect(wrong.statusCode).toBe(400);
    expect((await write('employee', 'DELETE', `${path}?confirm=${profile.profileId}`)).statusCode).toBe(403);

    const deleted = await write('manager', 'DELETE', `${path}?confirm=${profile.profileId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ outcome: 'deleted', message: 'Profile delete successful' });
    const list = (await call('employee', 'GET', '/profiles')).json().data as Profile[];
    expect(list.some((p) => p.profileId === profile.profileId)).toBe(false);
    expect((await call('manager', 'GET', path)).statusCode).toBe(404);
  });

  it('charges a stored card, with its last four and brand from the profile', async () => {
    const profile = profileOf(await createProfile(MASTERCARD, { name: 'Stored Card' }));
    const charged = await write('employee', 'POST', '/transactions', {
      amount: 3150,
      capture: true,
      profile: { profileId: profile.profileId, acctId: profile.acctId },
    });
    expect(charged.statusCode).toBe(201);
    expect(charged.json().data.transaction).toMatchObject({
      status: 'captured',
      lastFour: '5454',
      cardBrand: 'mastercard',
      capturedAmount: 3150,
    });
  });

  it('takes exactly one of token and profile', async () => {
    const token = await tokenOf(VISA);
    const both = await write('employee', 'POST', '/transactions', {
      amount: 100,
      capture: true,
      token,
      expiry: '1230',
      profile: { profileId: '12345678901234567890', acctId: '1' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toMatch(/either a card token or a stored profile, not both/);
    const neither = await write('employee', 'POST', '/transactions', { amount: 100, capture: true });
    expect(neither.statusCode).toBe(400);
    const noExpiry = await write('employee', 'POST', '/transactions', { amount: 100, capture: true, token });
    expect(noExpiry.json().detail).toMatch(/Expiry is required with a card token/);
    const unknown = await write('employee', 'POST', '/transactions', {
      amount: 100,
      capture: true,
      profile: { profileId: '12345678901234567890', acctId: '1' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('surcharge and BIN', () => {
  it('allows a surcharge on a credit card where the postal code allows it', async () => {
    const token = await tokenOf(VISA);
    const answer = await call('employee', 'GET', `/surcharge?token=${token}&postal=55555&amount=10000`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      applicable: true,
      feeAmount: 300,
      tokenType: 'CREDIT',
      postalStatus: 'NOT_RESTRICTED',
    });
  });

  it('refuses one in a restricted postal code, and needs a token or a postal code', async () => {
    const token = await tokenOf(VISA);
    const answer = await call('employee', 'GET', `/surcharge?token=${token}&postal=06101&amount=10000`);
    expect(answer.json().data).toMatchObject({ applicable: false, feeAmount: 0, postalStatus: 'RESTRICTED' });
    const empty = await call('employee', 'GET', '/surcharge?amount=100');
    expect(empty.statusCode).toBe(400);
  });

  it('answers a gateway without an answer with 504, never a 500', async () => {
    emulator.hang('bin');
    const answer = await call('employee', 'GET', `/bin?token=${await tokenOf(VISA)}`);
    expect(answer.statusCode).toBe(504);
    expect(answer.json().code).toBe('GATEWAY_TIMEOUT');
  });

  it('names a Visa and a Mastercard from their BIN', async () => {
    const visa = await call('employee', 'GET', `/bin?token=${await tokenOf(VISA)}`);
    expect(visa.statusCode).toBe(200);
    expect(visa.json().data).toMatchObject({
      product: 'V',
      productName: 'Visa',
      informationLevel: 'full',
      country: 'US',
      bin: '411111',
    });
    const mastercard = await call('employee', 'GET', `/bin?token=${await tokenOf(MASTERCARD)}`);
    expect(mastercard.json().data).toMatchObject({
      product: 'M',
      productName: 'Mastercard',
      informationLevel: 'full',
      bin: '545454',
    });
  });
});

describe('signature capture', () => {
  it('attaches a signature to an approved payment and records it', async () => {
    const sale = await write('employee', 'POST', '/transactions', {
      amount: 1800,
      capture: true,
      token: await tokenOf(VISA),
      expiry: '1230',
    });
    const id = sale.json().data.transaction.transactionId;
    const signed = await write('employee', 'POST', `/transactions/${id}/signature`, {
      signature: Buffer.from('a signature image').toString('base64'),
    });
    expect(signed.statusCode).toBe(200);
    const detail = await call('employee', 'GET', `/transactions/${id}`);
    const steps = detail
      .json()
      .data.events.map((e: { step: string; outcome: string }) => `${e.step}:${e.outcome}`);
    expect(steps).toContain('signature:captured');
    const tooLong = await write('employee', 'POST', `/transactions/${id}/signature`, {
      signature: 'A'.repeat(6145),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('walls and card data', () => {
  it("gives another tenant's owner nothing", async () => {
    const profile = profileOf(await createProfile(VISA, { name: 'Walled' }));
    const path = `/profiles/${profile.profileId}/accounts/${profile.acctId}`;
    expect((await call('otherOwner', 'GET', '/profiles')).statusCode).toBe(403);
    expect((await call('otherOwner', 'GET', path)).statusCode).toBe(403);
    expect((await write('otherOwner', 'DELETE', `${path}?confirm=${profile.profileId}`)).statusCode).toBe(
      403,
    );
    const other = `/api/v1/tenants/${otherTenantId}/restaurants/${restaurantId}/payments${path}`;
    expect((await asBearer(t.app, sessions.otherOwner!, { method: 'GET', url: other })).statusCode).toBe(404);
  });

  it('keeps no card number in the profiles table', async () => {
    const text = await tablesText(t.database.db, ['payment_profiles']);
    expect(text).toContain('1111');
    expect(cardDataIn(text)).toEqual([]);
  });
});

describe('the merchant account a card was stored under', () => {
  const OTHER = { ...MERCHANT, merchid: '800000009999' };

  it('records it, and refuses (422) to charge or change the card under another merchant account, asking the gateway nothing', async () => {
    const profile = profileOf(await createProfile(VISA, { name: 'First Merchant' }));
    expect(profile.merchid).toBe(MERCHANT.merchid);
    const path = `/profiles/${profile.profileId}/accounts/${profile.acctId}`;
    const charge = {
      amount: 1500,
      capture: true,
      profile: { profileId: profile.profileId, acctId: profile.acctId },
    };
    const key = randomUUID();
    try {
      expect((await call('owner', 'PUT', '/merchant-account', OTHER)).statusCode).toBe(200);
      const lastRequest = emulator.requests.at(-1);
      const transactionsBefore = await countTransactions();

      const refused = await call('employee', 'POST', '/transactions', charge, key);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'PROFILE_OTHER_MERCHANT',
        detail:
          'This stored card was stored under another merchant account: it can be charged or changed only under the merchant ID it was stored with',
      });
      expect((await call('manager', 'GET', path)).statusCode).toBe(422);
      expect((await write('manager', 'PATCH', path, { name: 'Renamed' })).statusCode).toBe(422);
      const added = await write('manager', 'POST', `/profiles/${profile.profileId}/accounts`, {
        token: await tokenOf(MASTERCARD),
        expiry: '1230',
      });
      expect(added.statusCode).toBe(422);
      const deleted = await write('manager', 'DELETE', `${path}?confirm=${profile.profileId}`);
      expect(deleted.statusCode).toBe(422);
      // nothing reached the gateway, nothing was written
      expect(emulator.requests.at(-1)).toBe(lastRequest);
      expect(await countTransactions()).toBe(transactionsBefore);

      // a card stored now belongs to the new merchant account
      const mine = profileOf(await createProfile(MASTERCARD, { name: 'Second Merchant' }));
      expect(mine.merchid).toBe(OTHER.merchid);
      const listed = (await call('employee', 'GET', '/profiles')).json().data as Profile[];
      expect(listed.find((p) => p.profileId === profile.profileId)?.merchid).toBe(MERCHANT.merchid);
    } finally {
      expect((await call('owner', 'PUT', '/merchant-account', MERCHANT)).statusCode).toBe(200);
    }
    // the refusal gave its key back: under the card's own merchant the same request is taken
    const taken = await call('employee', 'POST', '/transactions', charge, key);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().data.transaction).toMatchObject({ status: 'captured', lastFour: '1111' });
  });
});

async function countTransactions(): Promise<number> {
  const result = await t.database.db.execute(sql`select count(*)::int as n from payment_transactions`);
  return (rowsOf(result)[0] as { n: number }).n;
}
