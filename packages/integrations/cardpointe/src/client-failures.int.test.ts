import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient, gatewayBaseUrl } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';
import { GatewayCallError, type GatewayFailure } from './gateway';

// The client's typed failures, against the emulator (401, 429, 5xx, hangs) and a few raw servers.

const MERCHID = '496160873888';
const PASSWORD = 'testing123';
let emulator: CardPointeEmulator;
let client: CardPointeClient;
beforeAll(async () => {
  emulator = await startCardPointeEmulator({ uatRateLimit: true });
  client = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: PASSWORD });
});
afterAll(async () => emulator?.close());

const CARD = '4111111111111111';
const CVV = '8642';

async function failureOf(call: Promise<unknown>, failure: GatewayFailure): Promise<GatewayCallError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayCallError);
  const callError = error as GatewayCallError;
  expect(callError.failure).toBe(failure);
  // no card data or credentials in any part of the error
  const text = `${callError.message} ${callError.stack} ${inspect(callError)}`;
  for (const secret of [CARD, CVV, PASSWORD, 'dGVzdGluZzp0ZXN0aW5nMTIz']) expect(text).not.toContain(secret);
  return callError;
}

const auth = (c = client) => c.auth({ merchid: MERCHID, account: CARD, amount: '1.00', cvv2: CVV });

describe('gateway call failures', () => {
  it('builds the real base URL', () => {
    expect(gatewayBaseUrl('fts', true)).toBe('https://fts-uat.cardconnect.com/cardconnect/rest');
    expect(gatewayBaseUrl('fts', false)).toBe('https://fts.cardconnect.com/cardconnect/rest');
  });

  it('401 → unauthorized', async () => {
    const wrong = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'nope' });
    const error = await failureOf(auth(wrong), 'unauthorized');
    expect(error.details.status).toBe(401);
    expect(error.message).toBe(
      'CardPointe auth: HTTP 401 (unauthorized: check the API username and password)',
    );
  });

  it('answers wrong credentials with an HTML page, as the gateway does, not JSON', async () => {
    const response = await fetch(`${emulator.restUrl}/inquireMerchant/${MERCHID}`, {
      headers: { authorization: `Basic ${Buffer.from('testing:nope').toString('base64')}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(await response.text()).toMatch(/^<!doctype html>.*401/is);
  });

  it('injected 500 → server (may have reached the gateway), injected 400 → rejected', async () => {
    emulator.injectFailure({ endpoint: 'auth', status: 500 });
    const error = await failureOf(auth(), 'server');
    expect(error.mayHaveReachedGateway).toBe(true);
    emulator.injectFailure({ endpoint: 'capture', status: 400 });
    await failureOf(client.capture({ merchid: MERCHID, account: CARD, retref: '123456789012' }), 'rejected');
    expect((await auth()).respstat).toBe('A');
  });

  it('a hang → timeout with a short timeoutMs', async () => {
    emulator.hang('auth');
    const started = Date.now();
    const quick = new CardPointeClient({
      baseUrl: emulator.restUrl,
      username: 'testing',
      password: PASSWORD,
      timeoutMs: 200,
    });
    const error = await failureOf(auth(quick), 'timeout');
    expect(error.mayHaveReachedGateway).toBe(true);
    emulator.hang('inquire');
    await failureOf(client.inquire('123456789012', MERCHID, { timeoutMs: 100 }), 'timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("the caller's signal cancels a call", async () => {
    emulator.hang('void');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await failureOf(client.void({ merchid: MERCHID, retref: '1' }, { signal: controller.signal }), 'timeout');
  });

  it('429 in UAT mode with retryAfterSeconds, until the emulated minute is over', async () => {
    const calls = Array.from({ length: 20 }, () => client.inquireMerchant(MERCHID));
    await Promise.all(calls);
    // inquireMerchant is not limited; inquire is
    for (let index = 0; index < 20; index++) await client.inquire('123456789012', MERCHID);
    const error = await failureOf(client.inquire('123456789012', MERCHID), 'rate-limited');
    expect(error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    emulator.clock.advance(60_000);
    expect((await client.inquire('123456789012', MERCHID)).respcode).toBe('29');
  });

  it('a refused connection → network', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const closed = new CardPointeClient({
      baseUrl: `http://127.0.0.1:${port}/cardconnect/rest`,
      username: 'u',
      password: PASSWORD,
    });
    await failureOf(auth(closed), 'network');
  });

  it('an answer that is not JSON, or not an object → bad-answer; Retry-After is read too', async () => {
    const answers = [
      { status: 200, body: '<html>oops</html>', headers: {} },
      { status: 200, body: '"just a string"', headers: {} },
      { status: 429, body: '', headers: { 'retry-after': '7' } },
    ];
    const server = createServer((_req, res) => {
      const answer = answers.shift()!;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const raw = new CardPointeClient({
      baseUrl: `http://127.0.0.1:${port}/cardconnect/rest`,
      username: 'u',
      password: PASSWORD,
    });
    try {
      await failureOf(auth(raw), 'bad-answer');
      await failureOf(auth(raw), 'bad-answer');
      const limited = await failureOf(raw.funding({ merchid: MERCHID }), 'rate-limited');
      expect(limited.details.retryAfterSeconds).toBe(7);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('malformed JSON sent to the emulator → 400', async () => {
    const response = await fetch(`${emulator.restUrl}/auth`, {
      method: 'PUT',
      headers: { authorization: `Basic ${Buffer.from(`testing:${PASSWORD}`).toString('base64')}` },
      body: '{nope',
    });
    expect(response.status).toBe(400);
  });
});
