import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmError, type LlmErrorKind } from './chat-api';
import { LlmClient, type LlmClientOptions } from './client';
import { type LlmEmulator, startLlmEmulator } from './emulator';

// The client's typed failures and bounded retries, against the emulator and a dead port, over real HTTP.

const KEY = 'sk-brigade-failures-0123456789abcdef';
const MESSAGES = [{ role: 'user' as const, content: 'Rating: 4 of 5 stars' }];
let emulator: LlmEmulator;
beforeAll(async () => {
  emulator = await startLlmEmulator({ apiKey: KEY });
});
afterAll(async () => emulator?.close());

const clientOf = (options: Partial<LlmClientOptions> = {}) =>
  new LlmClient({ baseUrl: emulator.apiUrl, apiKey: KEY, model: 'm', backoffMs: 5, ...options });

async function failureOf(call: Promise<unknown>, kind: LlmErrorKind): Promise<LlmError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  const llmError = error as LlmError;
  expect(llmError.kind).toBe(kind);
  // the key and the prompt are never part of an error
  const shown = `${llmError.message} ${llmError.stack} ${inspect(llmError)} ${JSON.stringify(llmError)}`;
  expect(shown).not.toContain(KEY);
  expect(shown).not.toContain(MESSAGES[0]!.content);
  return llmError;
}

describe('LLM call failures', () => {
  it('a wrong key → unauthorized (401 invalid_api_key), not retried', async () => {
    const calls = emulator.calls;
    const error = await failureOf(
      clientOf({ apiKey: 'sk-wrong-key' }).complete({ messages: MESSAGES }),
      'unauthorized',
    );
    expect(error.details).toMatchObject({ status: 401, code: 'invalid_api_key', attempts: 1 });
    expect(emulator.calls - calls).toBe(1);
  });

  it('no key against a server that wants one → unauthorized', async () => {
    await failureOf(clientOf({ apiKey: undefined }).complete({ messages: MESSAGES }), 'unauthorized');
  });

  it('a 429 then an answer → retried after retry-after, answered on the second attempt', async () => {
    emulator.injectFailure({ status: 429, retryAfterSeconds: 0 });
    const started = Date.now();
    const answer = await clientOf().complete({ messages: MESSAGES });
    expect(answer.attempts).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('429 on every attempt → rate-limited after 1 + retries attempts, with retry-after', async () => {
    emulator.injectFailure({ status: 429, retryAfterSeconds: 0, times: 3 });
    const calls = emulator.calls;
    const error = await failureOf(clientOf({ retries: 2 }).complete({ messages: MESSAGES }), 'rate-limited');
    expect(error.details).toMatchObject({
      status: 429,
      retryAfterSeconds: 0,
      code: 'rate_limit_exceeded',
      attempts: 3,
    });
    expect(emulator.calls - calls).toBe(3);
  });

  it("waits the milliseconds of OpenAI's retry-after-ms, before a coarser Retry-After", async () => {
    emulator.injectFailure({ status: 429, retryAfterMs: 250, retryAfterSeconds: 120 });
    const started = performance.now();
    const answer = await clientOf().complete({ messages: MESSAGES });
    expect(answer.attempts).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('an account out of quota (429 insufficient_quota) → quota at once, not retried', async () => {
    // once: a retry would be answered, so only a client that does not retry fails here
    emulator.injectFailure({ status: 429, code: 'insufficient_quota' });
    const calls = emulator.calls;
    const error = await failureOf(clientOf({ retries: 2 }).complete({ messages: MESSAGES }), 'quota');
    expect(error.details).toMatchObject({ status: 429, code: 'insufficient_quota', attempts: 1 });
    expect(emulator.calls - calls).toBe(1);
  });

  it('a 429 asking for a long wait is not waited for', async () => {
    emulator.injectFailure({ status: 429, retryAfterSeconds: 120 });
    const started = Date.now();
    const error = await failureOf(clientOf().complete({ messages: MESSAGES }), 'rate-limited');
    expect(error.details).toMatchObject({ retryAfterSeconds: 120, attempts: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('5xx twice then an answer → answered on the third attempt; 5xx throughout → http after the retries', async () => {
    emulator.injectFailure({ status: 503, times: 2 });
    expect((await clientOf().complete({ messages: MESSAGES })).attempts).toBe(3);
    emulator.injectFailure({ status: 500, times: 2 });
    const error = await failureOf(clientOf({ retries: 1 }).complete({ messages: MESSAGES }), 'http');
    expect(error.details).toMatchObject({ status: 500, attempts: 2 });
  });

  it('a 400 (an unknown model, a bad request) → http, not retried', async () => {
    const calls = emulator.calls;
    const error = await failureOf(clientOf({ model: '' }).complete({ messages: MESSAGES }), 'http');
    expect(error.details).toMatchObject({ status: 400, code: 'invalid_request_error', attempts: 1 });
    expect(emulator.calls - calls).toBe(1);
  });

  it('a hang → timeout within the per-call timeout', async () => {
    emulator.injectFailure({ hang: true });
    const started = Date.now();
    await failureOf(clientOf().complete({ messages: MESSAGES }, { timeoutMs: 150 }), 'timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('the caller cancelling → timeout', async () => {
    emulator.injectFailure({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await failureOf(clientOf().complete({ messages: MESSAGES }, { signal: controller.signal }), 'timeout');
  });

  it('nothing listening → network', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const dead = new LlmClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY, model: 'm' });
    await failureOf(dead.complete({ messages: MESSAGES }), 'network');
  });

  it.each([
    ['not JSON', '<html>oops</html>'],
    ['no choices', '{"id":"x","choices":[]}'],
    ['a content that is not text', '{"choices":[{"message":{"role":"assistant","content":null}}]}'],
  ])('an answer with %s → bad-answer', async (_name, rawBody) => {
    emulator.injectFailure({ rawBody });
    await failureOf(clientOf().complete({ messages: MESSAGES }), 'bad-answer');
  });

  it('a provider quoting the key back does not put it in the error', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error', code: KEY },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const quoting = new LlmClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, model: 'm' });
      const error = await failureOf(quoting.complete({ messages: MESSAGES }), 'unauthorized');
      expect(error.details.code).toBe('invalid_request_error');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
