import { defineEndpoint } from '@brigade/contracts/endpoint';
import { BrigadeError } from '@brigade/domain/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { implement } from './plugins/contract-routes';
import { useTestApp } from './test-app';

// Endpoints that exist only in this test, to drive the shared machinery (validation, errors, access).
const echo = defineEndpoint({
  id: 'testEcho',
  method: 'POST',
  path: '/test/echo/{n}',
  summary: 'test',
  tags: ['test'],
  access: { kind: 'public' },
  changes: 'none',
  request: {
    params: z.object({ n: z.coerce.number().int().positive('n must be positive') }),
    query: z.object({ flag: z.enum(['on', 'off'], { error: 'flag must be on or off' }).optional() }),
    body: z.object({
      name: z.string({ error: 'Item name cannot be empty' }).min(1, 'Item name cannot be empty'),
      sizes: z.array(z.object({ name: z.string().min(1, 'Size/price name cannot be empty') })).default([]),
    }),
  },
  response: {
    status: 201,
    description: 'echoed',
    schema: z.object({ n: z.number(), name: z.string(), at: z.date() }),
  },
});
const boom = defineEndpoint({
  id: 'testBoom',
  method: 'GET',
  path: '/test/boom/{kind}',
  summary: 'test',
  tags: ['test'],
  access: { kind: 'public' },
  request: { params: z.object({ kind: z.string() }) },
  response: { status: 200, description: 'never' },
});
const secret = defineEndpoint({
  id: 'testTenantOnly',
  method: 'GET',
  path: '/test/tenants/{tenantId}/secret',
  summary: 'test',
  tags: ['test'],
  access: { kind: 'tenant', role: 'employee' },
  response: { status: 200, description: 'secret', schema: z.object({ secret: z.string() }) },
});
const drift = defineEndpoint({
  id: 'testDrift',
  method: 'GET',
  path: '/test/drift',
  summary: 'test',
  tags: ['test'],
  access: { kind: 'public' },
  response: { status: 200, description: 'drifts', schema: z.object({ count: z.number() }) },
});

const t = useTestApp({
  extraEndpoints: {
    endpoints: [echo, boom, secret, drift],
    implementations: [
      implement(echo, ({ params, body }) => ({
        n: params.n,
        name: body.name,
        at: new Date('2026-01-02T03:04:05Z'),
      })),
      implement(boom, ({ params }) => {
        if (params.kind === 'brigade')
          throw new BrigadeError('not_found', 'ITEM_NOT_FOUND', 'Item with ID 7 not found');
        if (params.kind === 'internal')
          throw new BrigadeError('internal', 'UPDATE_FAILED', 'counter row vanished');
        throw new Error(
          'connection to 10.1.2.3:5432 refused: password authentication failed for user brigade',
        );
      }),
      implement(secret, () => ({ secret: 'tenant data' })),
      implement(drift, () => ({ count: 'three' }) as never),
    ],
  },
});

describe('API skeleton', () => {
  it('answers /healthz and /readyz over real HTTP', async () => {
    const health = await fetch(`${t.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('describes itself at /api/v1', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'Brigade',
      apiVersion: 'v1',
      version: expect.any(String),
    });
  });

  it('serves an OpenAPI 3.1 document generated from the contracts, and a reference page', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/openapi.json`);
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an untyped JSON document
    const doc: any = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1'].get.operationId).toBe('getApiInfo');
    const post = doc.paths['/api/v1/test/echo/{n}'].post;
    expect(post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'n', in: 'path', required: true })]),
    );
    expect(post.requestBody.content['application/json'].schema.required).toEqual(['name']);
    expect(post.responses['400'].content['application/problem+json'].schema.$ref).toBe(
      '#/components/schemas/Problem',
    );
    // Stored timestamps are documented the way they are sent: ISO date-time strings.
    expect(post.responses['201'].content['application/json'].schema.properties.at).toEqual({
      type: 'string',
      format: 'date-time',
    });
    // signed-in operations take the document's security (a session token); public ones declare none
    expect(doc.security).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/api/v1/test/tenants/{tenantId}/secret'].get.security).toBeUndefined();
    const docs = await fetch(`${t.baseUrl}/api/v1/docs`, { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
  });

  it('validates params, query and body, and answers 400 problem details with the schema messages verbatim', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/test/echo/0?flag=maybe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', sizes: [{ name: 'Large' }, { name: '' }] }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    // biome-ignore lint/suspicious/noExplicitAny: the test walks an untyped JSON document
    const problem: any = await response.json();
    expect(problem).toMatchObject({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(problem.errors).toEqual([
      { path: 'params.n', message: 'n must be positive' },
      { path: 'query.flag', message: 'flag must be on or off' },
      { path: 'name', message: 'Item name cannot be empty' },
      { path: 'sizes.1.name', message: 'Size/price name cannot be empty' },
    ]);
  });

  it('runs the handler on valid input and sends its declared status', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/5',
      payload: { name: 'Burger' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ n: 5, name: 'Burger', at: '2026-01-02T03:04:05.000Z' });
  });

  it('answers a missing body and malformed JSON with 400 problems, never 500', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/test/echo/5' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: '', message: 'Invalid input: expected object, received undefined' },
    ]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo/5',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toContain('application/problem+json');
  });

  it('maps our errors to their status and detail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom/brigade' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 404,
      code: 'ITEM_NOT_FOUND',
      detail: 'Item with ID 7 not found',
    });
  });

  it('answers unexpected errors with 500 without internals, and logs them with the request id', async () => {
    for (const kind of ['crash', 'internal']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/test/boom/${kind}`,
        headers: { 'x-request-id': `req-${kind}-0001` },
      });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toMatchObject({
        status: 500,
        detail: 'An unexpected error occurred.',
        requestId: `req-${kind}-0001`,
      });
      expect(response.body).not.toContain('10.1.2.3');
      expect(response.body).not.toContain('counter row vanished');
      expect(response.headers['x-request-id']).toBe(`req-${kind}-0001`);
    }
    const logged = t.logs.lines.find((line) => line.reqId === 'req-crash-0001' && line.level === 50);
    expect(JSON.stringify(logged)).toContain('10.1.2.3');
  });

  it('answers an unknown route with a 404 problem', async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/nothing-here?x=1`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
      detail: 'Route GET /api/v1/nothing-here not found',
    });
  });

  it('refuses a tenant endpoint to an anonymous caller before running it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/tenants/10000001/secret' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('tenant data');
  });

  it('fails loudly when a response drifts from its contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/drift' });
    expect(response.statusCode).toBe(500);
  });

  it('never logs credentials, cookies or one-time codes from a request', async () => {
    await fetch(`${t.baseUrl}/api/v1?token=handoff-secret-123`, {
      headers: { authorization: 'Bearer sess-secret-456', cookie: 'brigade_session=cookie-secret-789' },
    });
    const text = t.logs.text();
    expect(text).toContain('/api/v1?token=[Redacted]');
    for (const secretValue of ['handoff-secret-123', 'sess-secret-456', 'cookie-secret-789']) {
      expect(text).not.toContain(secretValue);
    }
  });
});
