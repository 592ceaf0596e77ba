import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';

// The client against the emulator over real HTTP: authorisations and the gateway's test cards and amounts.

const MERCHID = '496160873888';
let emulator: CardPointeEmulator;
let client: CardPointeClient;
beforeAll(async () => {
  emulator = await startCardPointeEmulator({ now: new Date('2025-03-10T15:00:00Z') });
  client = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'testing123' });
});
afterAll(async () => emulator?.close());

const authOf = (account: string, amount: string, extra: Record<string, string> = {}) =>
  client.auth({ merchid: MERCHID, account, amount, expiry: '1230', ...extra });

describe('authorisation against the emulator', () => {
  it('approves a Luhn-valid card with a retref, an authcode and a CardSecure token', async () => {
    const answer = await authOf('4111111111111111', '106.00', { orderid: 'ORD-1', cvv2: '123' });
    expect(answer).toMatchObject({ respstat: 'A', respcode: '00', respproc: 'RPCT', amount: '106.00' });
    expect(answer.retref).toMatch(/^\d{12}$/);
    expect(answer.authcode).toHaveLength(6);
    expect(answer.token).toMatch(/^941\d{9}1111$/);
    expect(answer.setlstat).toBe('Authorized');
    expect(answer.cvvresp).toBe('M');
    // the token is stable per card
    const again = await authOf('4111111111111111', '1.00');
    expect(again.token).toBe(answer.token);
  });

  it('reads amounts in minor units too ("10600" is 106.00)', async () => {
    expect((await authOf('5454545454545454', '10600')).amount).toBe('106.00');
  });

  it('answers the named test cards', async () => {
    const cases = [
      ['4387751111111020', '107'],
      ['4387751111111038', '100'],
      ['4387751111111046', '101'],
      ['4387751111111053', '500'],
    ] as const;
    for (const [card, code] of cases) {
      const answer = await authOf(card, '10.00');
      expect(answer).toMatchObject({ respstat: 'C', respcode: code, respproc: 'RPCT', amount: '0.00' });
      expect(answer.resptext).toBeTruthy();
    }
  });

  it('declines $1000.00-$1999.99 with the code of the last three whole dollars', async () => {
    const answer = await authOf('4111111111111111', '1116.95');
    expect(answer).toMatchObject({
      respstat: 'C',
      respcode: '116',
      resptext: 'Not sufficient funds',
      amount: '0.00',
    });
    expect((await authOf('4111111111111111', '1999.00')).respcode).toBe('999');
  });

  it('partially approves 4387750101010101 for 5.00 from 6.00 up', async () => {
    expect(await authOf('4387750101010101', '20.00')).toMatchObject({ respstat: 'A', amount: '5.00' });
    expect(await authOf('4387750101010101', '5.99')).toMatchObject({ respstat: 'A', amount: '5.99' });
  });

  it('answers the CVV test values', async () => {
    const cvvs = { '112': 'M', '111': 'N', '222': 'P', '333': 'U' };
    for (const [cvv2, answer] of Object.entries(cvvs))
      expect((await authOf('4111111111111111', '1.00', { cvv2 })).cvvresp).toBe(answer);
    expect((await authOf('4111111111111111', '1.00')).cvvresp).toBe('');
  });

  it('answers the timeout cards with respstat B, 62 Timed out (HTTP 200)', async () => {
    for (const card of ['4999006200620062', '5111006200620062', '6465006200620062'])
      expect(await authOf(card, '10.00')).toMatchObject({
        respstat: 'B',
        respcode: '62',
        resptext: 'Timed out',
        respproc: 'PPS',
      });
  });

  it('refuses a non-Luhn card (PPS 11), an expired one (PPS 16) and an invalid field (PPS 34)', async () => {
    expect(await authOf('4111111111111112', '1.00')).toMatchObject({ respstat: 'C', respcode: '11' });
    expect(await authOf('4111111111111111', '1.00', { expiry: '0124' })).toMatchObject({
      respstat: 'C',
      respcode: '16',
      respproc: 'PPS',
    });
    const bad = await client.auth({
      merchid: MERCHID,
      account: '4111111111111111',
      amount: '1.00',
      cvv2: 'x',
    });
    expect(bad).toMatchObject({ respstat: 'C', respcode: '34', respproc: 'PPS' });
  });

  it("queues the capture with capture 'Y', and gives AVS answers from the postal code", async () => {
    const answer = await authOf('4111111111111111', '12.00', { capture: 'Y', postal: '04101' });
    expect(answer).toMatchObject({ setlstat: 'Queued for Capture', avsresp: 'Z' });
  });

  it('accepts POST as well as PUT for writes', async () => {
    const post = new CardPointeClient({
      baseUrl: emulator.restUrl,
      username: 'testing',
      password: 'testing123',
      writeMethod: 'POST',
    });
    expect(
      (await post.auth({ merchid: MERCHID, account: '4111111111111111', amount: '2.00' })).respstat,
    ).toBe('A');
    expect(emulator.requests.at(-1)).toMatchObject({ method: 'POST', endpoint: 'auth' });
    await authOf('4111111111111111', '2.00');
    expect(emulator.requests.at(-1)).toMatchObject({ method: 'PUT', endpoint: 'auth' });
  });

  it('keeps no card data in its request log, and counts calls per endpoint', async () => {
    const before = emulator.calls.auth;
    await Promise.all(Array.from({ length: 20 }, () => authOf('4111111111111111', '3.00', { cvv2: '123' })));
    expect(emulator.calls.auth).toBe(before + 20);
    const logged = JSON.stringify(emulator.requests);
    expect(logged).not.toContain('4111111111111111');
    expect(logged).not.toContain('"cvv2"');
    expect(emulator.requests.length).toBeLessThanOrEqual(200);
  });
});

describe('CardSecure and the hosted card-entry page', () => {
  it('tokenises a card, keeps the CVV with the token, and charges the card behind the token', async () => {
    const response = await fetch(`${emulator.url}/cardsecure/api/v1/ccn/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: '4444333322221111', cvv: '222' }),
    });
    const { token, errorcode, message } = (await response.json()) as Record<string, string>;
    expect({ errorcode, message }).toEqual({ errorcode: '0', message: '' });
    expect(token).toMatch(/^944\d{9}1111$/);
    const answer = await authOf(token!, '8.00');
    expect(answer).toMatchObject({ respstat: 'A', token, cvvresp: 'P' });
  });

  it('refuses to tokenise a number that is no card', async () => {
    const response = await fetch(`${emulator.url}/cardsecure/api/v1/ccn/tokenize`, {
      method: 'POST',
      body: JSON.stringify({ account: '1234' }),
    });
    expect(((await response.json()) as { errorcode: string }).errorcode).not.toBe('0');
  });

  it('serves the page, framable by any origin, with labelled inputs, no button and no outside resources', async () => {
    const response = await fetch(`${emulator.cardEntryUrl}?useexpiry=true&usecvv=true`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('x-frame-options')).toBeNull();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    const html = await response.text();
    for (const label of ['Card number', 'Expiry month', 'Expiry year', 'Security code (CVV)'])
      expect(html).toContain(label);
    expect(html).not.toContain('<button');
    expect(html).toContain('postMessage');
    expect(html).toContain('/cardsecure/api/v1/ccn/tokenize');
    expect(html).not.toMatch(/(src|href)="https?:/);
  });
});

describe('noise mode', () => {
  it('adds fields and shuffles them; every answer still reads', async () => {
    const noisy = await startCardPointeEmulator({ noise: true });
    try {
      const c = new CardPointeClient({ baseUrl: noisy.restUrl, username: 'testing', password: 'testing123' });
      const answer = await c.auth({
        merchid: MERCHID,
        account: '4111111111111111',
        amount: '4.00',
        capture: 'Y',
      });
      expect(answer.respstat).toBe('A');
      expect(Object.keys(answer).some((key) => /^(dummy|extra|uatfield|reserved|info)\d+$/.test(key))).toBe(
        true,
      );
      expect((await c.inquire(answer.retref!, MERCHID)).setlstat).toBe('Queued for Capture');
      expect((await c.inquireByOrderid('none', MERCHID)).length).toBe(0);
      expect((await c.inquireMerchant(MERCHID)).enabled).toBe(true);
      noisy.clock.advance(2 * 86_400_000);
      expect((await c.funding({ merchid: MERCHID }))?.txns.length).toBe(1);
      expect((await c.surcharge({ merchid: MERCHID, postal: '04101', amount: '10.00' })).postal).toBe(
        'NOT_RESTRICTED',
      );
    } finally {
      await noisy.close();
    }
  });
});
