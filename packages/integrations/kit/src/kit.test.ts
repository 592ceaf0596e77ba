import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryOfStatus, exchange, IntegrationError, NoAnswerError, retryAfterMs } from './http';
import { pauseBefore, type RetryPolicy, withRetries } from './retry';

/** A server that answers each request by the next planned reply: [status, headers, body] or 'hang'. */
let server: Server;
let base = '';
const plan: ([number, Record<string, string>, string] | 'hang')[] = [];
const seen: { method: string; body: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', body });
      const next = plan.shift() ?? [200, {}, '{}'];
      if (next === 'hang') return;
      res.writeHead(next[0], next[1]).end(next[2]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const failureOf = (answer: { status: number; headers: Headers }) =>
  new IntegrationError(categoryOfStatus(answer.status), `HTTP ${answer.status}`, {
    service: 'Test',
    call: 'get',
    status: answer.status,
    retryAfterMs: retryAfterMs(answer.headers),
  });

describe('one HTTP exchange', () => {
  it('answers any status with its headers and text, and sends the method, headers and body', async () => {
    plan.push([418, { 'x-word': 'teapot' }, 'short and stout']);
    const answer = await exchange({ url: `${base}/x`, method: 'PUT', body: '{"a":1}', timeoutMs: 2000 });
    expect([answer.status, answer.ok, answer.headers.get('x-word'), answer.text]).toEqual([
      418,
      false,
      'teapot',
      'short and stout',
    ]);
    expect(seen.at(-1)).toEqual({ method: 'PUT', body: '{"a":1}' });
  });

  it('tells a timeout, a cancel by the caller and a refused connection apart', async () => {
    plan.push('hang');
    const timedOut = await exchange({ url: `${base}/slow`, method: 'GET', timeoutMs: 100 }).catch((e) => e);
    expect(timedOut).toBeInstanceOf(NoAnswerError);
    expect(timedOut.reason).toBe('timeout');
    plan.push('hang');
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 50);
    const cancelled = await exchange({
      url: `${base}/slow`,
      method: 'GET',
      timeoutMs: 5000,
      signal: caller.signal,
    }).catch((e) => e);
    expect(cancelled.reason).toBe('cancelled');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await exchange({
      url: `http://127.0.0.1:${port}/`,
      method: 'GET',
      timeoutMs: 2000,
    }).catch((e) => e);
    expect(refused.reason).toBe('network');
  });
});

describe('retries', () => {
  const waits: number[] = [];
  const policy: RetryPolicy = {
    retries: 3,
    backoffMs: 100,
    maxRetryAfterMs: 5000,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  const call = () =>
    withRetries(async () => {
      const answer = await exchange({ url: `${base}/r`, method: 'GET', timeoutMs: 2000 });
      if (!answer.ok) throw failureOf(answer);
      return answer.text;
    }, policy);

  it("waits the service's Retry-After, else backs off exponentially with jitter, until an answer", async () => {
    waits.length = 0;
    plan.push(
      [429, { 'retry-after': '2' }, ''],
      [503, {}, ''],
      [502, { 'retry-after-ms': '250' }, ''],
      [200, {}, 'done'],
    );
    expect(await call()).toBe('done');
    expect(waits).toEqual([2000, 100 * 2 * 1.5, 250]);
  });

  it('gives up after the retries, and at once on a failure waiting cannot mend or a wait too long', async () => {
    waits.length = 0;
    plan.push([500, {}, ''], [500, {}, ''], [500, {}, ''], [500, {}, '']);
    await expect(call()).rejects.toMatchObject({ category: 'server', facts: { status: 500 } });
    expect(waits).toHaveLength(3);
    waits.length = 0;
    plan.push([401, {}, '']);
    await expect(call()).rejects.toMatchObject({ category: 'unauthorized' });
    plan.push([429, { 'retry-after': '60' }, '']);
    await expect(call()).rejects.toMatchObject({ category: 'rate-limited', facts: { retryAfterMs: 60_000 } });
    expect(waits).toEqual([]);
  });

  it('reads every way services say how long to wait', () => {
    const now = Date.parse('2026-12-06T12:00:00Z');
    const headers = (entries: Record<string, string>) => new Headers(entries);
    expect(retryAfterMs(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1500);
    expect(retryAfterMs(headers({ 'x-rate-limit-retry-after-seconds': '3' }), now)).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterMs(headers({ 'retry-after': 'Sun, 06 Dec 2026 12:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(headers({}), now)).toBeUndefined();
    const quota = new IntegrationError('quota', 'no credit', { service: 'LLM', call: 'chat' });
    expect(pauseBefore(1, quota, policy)).toBeUndefined();
    expect(pauseBefore(4, failureOf({ status: 503, headers: new Headers() }), policy)).toBeUndefined();
    expect([400, 401, 403, 404, 409, 429, 500, 503].map(categoryOfStatus)).toEqual([
      'bad-request',
      'unauthorized',
      'unauthorized',
      'not-found',
      'bad-request',
      'rate-limited',
      'server',
      'server',
    ]);
  });
});
