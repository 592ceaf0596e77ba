import { profileRequestSchema } from '@brigade/domain/payments/profile-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';

// Stored profiles through the client against the emulator over real HTTP.

const MERCHID = '496160873888';
let emulator: CardPointeEmulator;
let client: CardPointeClient;
beforeAll(async () => {
  emulator = await startCardPointeEmulator();
  client = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'testing123' });
});
afterAll(async () => emulator?.close());

const save = (fields: Record<string, string>) =>
  client.saveProfile(profileRequestSchema.parse({ merchid: MERCHID, ...fields }));

describe('profiles against the emulator', () => {
  it('creates (20-digit id, account 1), answers a duplicate with the same ids, adds and updates accounts', async () => {
    const created = await save({
      account: '4111111111111111',
      expiry: '1230',
      name: 'Ada Lovelace',
      postal: '04101',
    });
    expect(created).toMatchObject({ respstat: 'A', respcode: '09', acctid: '1', name: 'Ada Lovelace' });
    expect(created.profileid).toMatch(/^\d{20}$/);
    expect(created.token).toMatch(/^941\d{9}1111$/);
    // nothing empty was sent, and no card number was logged
    expect(emulator.requests.at(-1)?.body).not.toHaveProperty('account');
    expect(Object.values(emulator.requests.at(-1)?.body as object)).not.toContain('');

    const duplicate = await save({ account: '4111111111111111', expiry: '1230' });
    expect(duplicate).toMatchObject({ profileid: created.profileid, acctid: '1' });

    const added = await save({ profile: created.profileid!, account: '5454545454545454', expiry: '1129' });
    expect(added).toMatchObject({ profileid: created.profileid, acctid: '2' });

    const updated = await save({ profile: `${created.profileid}/1`, profileupdate: 'Y', city: 'Portland' });
    expect(updated).toMatchObject({ acctid: '1', city: 'Portland', name: 'Ada Lovelace' });

    const [one] = await client.getProfile(created.profileid!, '1', MERCHID);
    expect(one).toMatchObject({
      profileid: created.profileid,
      acctid: '1',
      city: 'Portland',
      expiry: '1230',
    });
    expect(await client.getProfile(created.profileid!, '', MERCHID)).toHaveLength(2);
  });

  it('keeps one default account: defaultacct Y on an added or updated account takes it from the others', async () => {
    const created = await save({ account: '6011000990139424', expiry: '1231', name: 'Grace Hopper' });
    const defaults = async () =>
      (await client.getProfile(created.profileid!, '', MERCHID)).map((a) => `${a.acctid}:${a.defaultacct}`);
    await save({
      profile: created.profileid!,
      account: '5555555555554444',
      expiry: '1129',
      defaultacct: 'Y',
    });
    expect(await defaults()).toEqual(['1:N', '2:Y']);
    await save({ profile: created.profileid!, account: '378282246310005', expiry: '1129' });
    expect(await defaults()).toEqual(['1:N', '2:Y', '3:N']);
    await save({ profile: `${created.profileid}/1`, profileupdate: 'Y', defaultacct: 'Y' });
    expect(await defaults()).toEqual(['1:Y', '2:N', '3:N']);
  });

  it('charges a stored account by profile id/account id', async () => {
    const created = await save({ account: '4444333322221111', expiry: '1230' });
    const answer = await client.auth({
      merchid: MERCHID,
      account: created.token!,
      amount: '12.00',
      profile: `${created.profileid}/1`,
    });
    expect(answer).toMatchObject({
      respstat: 'A',
      token: created.token,
      profileid: created.profileid,
      acctid: '1',
    });
  });

  it("creates a profile with an authorisation's profile 'Y'", async () => {
    const answer = await client.auth({
      merchid: MERCHID,
      account: '4000056655665556',
      amount: '3.00',
      profile: 'Y',
    });
    expect(answer.profileid).toMatch(/^\d{20}$/);
    expect(answer.acctid).toBe('1');
    const [stored] = await client.getProfile(answer.profileid!, '1', MERCHID);
    expect(stored?.token).toBe(answer.token);
  });

  it('deletes an account, then answers 96 Profile not found', async () => {
    const created = await save({ account: '5454545454545454', expiry: '1230' });
    expect(await client.deleteProfile(created.profileid!, '1', MERCHID)).toEqual({
      resptext: 'Profile Deleted',
      respcode: '08',
      respproc: 'PPS',
      respstat: 'A',
    });
    expect(await client.deleteProfile(created.profileid!, '1', MERCHID)).toMatchObject({
      respstat: 'C',
      respcode: '96',
      resptext: 'Profile not found',
    });
    const [missing] = await client.getProfile(created.profileid!, '1', MERCHID);
    expect(missing).toMatchObject({ respstat: 'C', respcode: '96' });
  });

  it('refuses a card number that is no card', async () => {
    expect(await save({ account: '4111111111111112', expiry: '1230' })).toMatchObject({
      respstat: 'C',
      respcode: '11',
    });
  });
});
