import { derivePepper, PASSCODE_PEPPER_PURPOSE } from '@brigade/core/secrets/pepper';
import { hashPasscode } from '@brigade/core/staff/passcodes';
import { employeePasscodes } from '@brigade/db/schema/staff';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';

/**
 * The register passcodes' pepper (issue 47 item 1, decision 062) on both engines: a passcode is stored as its
 * argon2id hash with a secret derived from SECRETS_KEY, so the stored hash matches neither the unpeppered
 * hash nor one made under another key (a database dump alone checks no guess). A hash stored before the
 * pepper still unlocks the register, and that unlock replaces it with the peppered hash.
 */
const SECRETS_KEY = Buffer.alloc(32, 7);
const t = useTestApp({ env: { SECRETS_KEY: SECRETS_KEY.toString('base64') } });
const kit = useOrderingRestaurant(t);
const ids: Record<string, number> = {};
let device = '';

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token?: string) =>
  asBearer(t.app, kit.sessions.manager, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
    ...(payload ? { payload } : {}),
    headers: token ? { 'x-pos-device': token } : {},
  });
const storedHash = async (employeeId: number) =>
  (
    await t.database.db
      .select({ hash: employeePasscodes.passcodeHash })
      .from(employeePasscodes)
      .where(and(eq(employeePasscodes.tenantId, kit.tenantId), eq(employeePasscodes.employeeId, employeeId)))
  )[0]?.hash;

beforeAll(async () => {
  const job = (await kit.create('job-titles', { title: 'Server', defaultWage: 11 })) as { jobId: number };
  for (const firstName of ['Ana', 'Ben']) {
    const created = (await kit.create('employees', {
      firstName,
      lastName: 'Pepper',
      role: 'server',
      posAccessConfig: { allowCodeLogin: true },
      jobAssignments: [{ jobId: job.jobId }],
    })) as { employeeId: number };
    ids[firstName] = created.employeeId;
  }
  const paired = await call('POST', '/pos/devices', { name: 'Front' });
  device = paired.json().data.token;
});

describe('the passcode pepper', () => {
  it('stores a hash that only the configured key can check', async () => {
    const set = await call('PUT', `/employees/${ids.Ana}/passcode`, { passcode: '4821' });
    expect(set.statusCode, set.body).toBe(200);
    const scope = { tenantId: kit.tenantId, restaurantId: kit.restaurantId };
    const stored = await storedHash(ids.Ana!);
    const pepper = derivePepper(SECRETS_KEY, PASSCODE_PEPPER_PURPOSE);
    expect(stored).toBe(await hashPasscode(scope, '4821', pepper));
    // what a dump would let someone compute: without the key, or under another key, no match
    expect(stored).not.toBe(await hashPasscode(scope, '4821', null));
    expect(stored).not.toBe(
      await hashPasscode(scope, '4821', derivePepper(Buffer.alloc(32, 8), PASSCODE_PEPPER_PURPOSE)),
    );
    const unlocked = await call('POST', '/pos/unlock', { passcode: '4821' }, device);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data.staff.employeeId).toBe(ids.Ana);
  });

  it('keeps a hash stored before the pepper working, and re-hashes it with the pepper on that unlock', async () => {
    const scope = { tenantId: kit.tenantId, restaurantId: kit.restaurantId };
    const legacy = await hashPasscode(scope, '7315', null);
    await t.database.db
      .insert(employeePasscodes)
      .values({ ...scope, employeeId: ids.Ben!, passcodeHash: legacy, setBy: 'test' });
    // its digits are taken for everyone else, peppered or not
    const taken = await call('PUT', `/employees/${ids.Ana}/passcode`, { passcode: '7315' });
    expect(taken.statusCode).toBe(409);
    const wrong = await call('POST', '/pos/unlock', { passcode: '7316' }, device);
    expect(wrong.statusCode).toBe(403);
    expect(await storedHash(ids.Ben!)).toBe(legacy);

    const unlocked = await call('POST', '/pos/unlock', { passcode: '7315' }, device);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data.staff.employeeId).toBe(ids.Ben);
    const pepper = derivePepper(SECRETS_KEY, PASSCODE_PEPPER_PURPOSE);
    expect(await storedHash(ids.Ben!)).toBe(await hashPasscode(scope, '7315', pepper));
    // and it goes on working, now by its peppered hash
    const again = await call('POST', '/pos/unlock', { passcode: '7315' }, device);
    expect(again.statusCode, again.body).toBe(200);
  });
});
