import { getSession, signin } from '@brigade/contracts/auth';
import { listMyRestaurants } from '@brigade/contracts/me';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { ProblemError } from './problem-error';
import { shouldRetryQuery } from './query-defaults';

function recordingFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('createApiClient', () => {
  it('fills path parameters, sends JSON with credentials and returns the parsed body', async () => {
    const { calls, fetch } = recordingFetch(200, { success: true, data: [] });
    const client = createApiClient({ baseUrl: 'http://api.test/', fetch });
    const result = await client.call(listMyRestaurants, { params: { tenantId: 10000001 } });
    expect(result.data).toEqual([]);
    expect(calls[0]?.url).toBe('http://api.test/api/v1/me/tenants/10000001/restaurants');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('posts the body as JSON', async () => {
    const { calls, fetch } = recordingFetch(200, { success: true });
    const client = createApiClient({ fetch });
    await client.call(signin, { body: { email: 'a@b.co', password: 'secret' } });
    expect(calls[0]?.init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'secret' }));
    const headers = calls[0]?.init.headers as Record<string, string> | undefined;
    expect(headers?.['content-type']).toBe('application/json');
  });

  it('sends extra headers such as Idempotency-Key', async () => {
    const { calls, fetch } = recordingFetch(200, { success: true });
    const client = createApiClient({ fetch });
    await client.call(signin, {
      body: { email: 'a@b.co', password: 'secret' },
      headers: { 'Idempotency-Key': 'key-1' },
    });
    const headers = calls[0]?.init.headers as Record<string, string> | undefined;
    expect(headers?.['Idempotency-Key']).toBe('key-1');
    expect(headers?.accept).toBe('application/json');
  });

  it('throws a ProblemError carrying the problem details on non-2xx answers', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
      errors: [{ path: 'email', message: 'A valid email is required' }],
    };
    const client = createApiClient({ fetch: recordingFetch(401, problem).fetch });
    const error = await client.call(getSession).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProblemError);
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      detail: 'Invalid email or password',
    });
    expect((error as ProblemError).errors).toEqual(problem.errors);
  });

  it('turns a network failure into a ProblemError with status 0', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const error = await createApiClient({ fetch })
      .call(getSession)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('shouldRetryQuery', () => {
  it('retries up to 3 times, never on 4xx', () => {
    expect(shouldRetryQuery(0, new ProblemError(500))).toBe(true);
    expect(shouldRetryQuery(2, new ProblemError(503))).toBe(true);
    expect(shouldRetryQuery(3, new ProblemError(500))).toBe(false);
    expect(shouldRetryQuery(0, new ProblemError(404))).toBe(false);
    expect(shouldRetryQuery(0, new ProblemError(0))).toBe(true);
  });
});
