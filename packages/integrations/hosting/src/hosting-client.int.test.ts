import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { BrigadeError } from '@brigade/domain/errors';
import { startCountingDefaultToZeroValue } from '@vercel/sdk/types/defaultToZeroValue.js';
import { startCountingUnrecognized } from '@vercel/sdk/types/unrecognized.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostingClient } from './hosting-client';
import { type HostingEmulator, startHostingEmulator } from './hosting-emulator';

// The SDK-based client against the emulator over real HTTP: every method, what the SDK really sends, and
// answers the SDK's schemas take as they are. The SDK is lenient (a missing required field becomes "" or
// 0, a number sent as a string is converted); its counters of such repairs must stay at zero.

const TOKEN = 'vercel-token-0123456789abcdef-secret';
const TEAM = 'team_brigade';
const PROJECT = 'prj_brigade';

let emulator: HostingEmulator;
let client: HostingClient;
beforeAll(async () => {
  emulator = await startHostingEmulator({ token: TOKEN });
  client = new HostingClient({ baseUrl: emulator.url, token: TOKEN, projectId: PROJECT, teamId: TEAM });
});
afterAll(async () => emulator?.close());

/** Runs one call and fails if the SDK had to fill in or convert any field of the emulator's answer. */
async function exact<T>(call: () => Promise<T>): Promise<T> {
  const zeroDefaults = startCountingDefaultToZeroValue();
  const unrecognized = startCountingUnrecognized();
  try {
    return await call();
  } finally {
    expect({ zeroDefaults: zeroDefaults.end(), unrecognized: unrecognized.end() }).toEqual({
      zeroDefaults: 0,
      unrecognized: 0,
    });
  }
}
const lastRequest = () => emulator.requests.at(-1);
const failureOf = async (call: Promise<unknown>): Promise<BrigadeError> => {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BrigadeError);
  const brigadeError = error as BrigadeError;
  // the token is a secret: no error carries it, in any part
  expect(
    `${brigadeError.message} ${brigadeError.code} ${brigadeError.stack} ${inspect(brigadeError)}`,
  ).not.toContain(TOKEN);
  return brigadeError;
};

describe('hosting client (@vercel/sdk) against the emulator', () => {
  it('adds, reads, verifies (without and with the TXT record) and removes a project domain', async () => {
    const added = await exact(() =>
      client.addProjectDomain('www.harbor-grill.com', { to: 'https://harbor-grill.com', statusCode: 308 }),
    );
    expect(lastRequest()).toEqual({
      method: 'POST',
      path: `/v10/projects/${PROJECT}/domains`,
      query: { teamId: TEAM },
      body: { name: 'www.harbor-grill.com', redirect: 'https://harbor-grill.com', redirectStatusCode: 308 },
    });
    const challenge = added.verification?.[0];
    expect(added).toEqual({
      name: 'www.harbor-grill.com',
      apexName: 'harbor-grill.com',
      projectId: PROJECT,
      redirect: 'https://harbor-grill.com',
      redirectStatusCode: 308,
      verified: false,
      verification: [
        {
          type: 'TXT',
          domain: '_vercel.harbor-grill.com',
          value: expect.stringMatching(/^vc-domain-verify=www\.harbor-grill\.com,[0-9a-f]{20}$/),
          reason: 'pending_domain_verification',
        },
      ],
    });

    expect(await exact(() => client.getProjectDomain('www.harbor-grill.com'))).toEqual(added);
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: `/v9/projects/${PROJECT}/domains/www.harbor-grill.com`,
      query: { teamId: TEAM },
    });

    const notYet = await failureOf(client.verifyProjectDomain('www.harbor-grill.com'));
    expect(notYet).toMatchObject({
      kind: 'validation',
      code: 'MISSING_TXT_RECORD',
      message: 'Missing TXT record _vercel.harbor-grill.com',
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/v9/projects/${PROJECT}/domains/www.harbor-grill.com/verify`,
      query: { teamId: TEAM },
    });

    emulator.txt.set('_vercel.harbor-grill.com', [challenge!.value]);
    const verified = await exact(() => client.verifyProjectDomain('www.harbor-grill.com'));
    expect(verified).toMatchObject({ name: 'www.harbor-grill.com', verified: true });
    expect(verified.verification).toBeUndefined();

    expect(await exact(() => client.getDomainConfig('www.harbor-grill.com'))).toEqual({
      configuredBy: 'CNAME',
      misconfigured: false,
    });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: '/v6/domains/www.harbor-grill.com/config',
      query: { teamId: TEAM },
    });

    // Vercel names records relative to the domain; the client names them in full
    emulator.txt.set('harbor-grill.com', ['v=spf1 -all']);
    expect(await exact(() => client.getDnsRecords('harbor-grill.com'))).toEqual({
      records: [
        { type: 'TXT', name: '_vercel.harbor-grill.com', value: challenge!.value, ttl: 60 },
        { type: 'TXT', name: 'harbor-grill.com', value: 'v=spf1 -all', ttl: 60 },
      ],
    });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: '/v5/domains/harbor-grill.com/records',
      query: { teamId: TEAM },
    });

    expect(await exact(() => client.removeProjectDomain('www.harbor-grill.com'))).toEqual({});
    expect(lastRequest()).toMatchObject({
      method: 'DELETE',
      path: `/v9/projects/${PROJECT}/domains/www.harbor-grill.com`,
      query: { teamId: TEAM },
    });
    expect(await failureOf(client.getProjectDomain('www.harbor-grill.com'))).toMatchObject({
      kind: 'not_found',
      code: 'NOT_FOUND',
      message: 'Domain not found',
    });
  });

  it('registers (add, move-in, transfer-in), lists, reads, updates, moves out and deletes provider domains', async () => {
    const added = await exact(() => client.createDomain({ name: 'lantern.com', method: 'add', zone: true }));
    expect(lastRequest()).toEqual({
      method: 'POST',
      path: '/v7/domains',
      query: { teamId: TEAM },
      body: { name: 'lantern.com', method: 'add', zone: true },
    });
    expect(added).toMatchObject({
      name: 'lantern.com',
      serviceType: 'external',
      verified: false,
      teamId: TEAM,
      creator: { id: 'user_emulator', username: 'emulator', email: 'emulator@brigade.local' },
    });

    await exact(() => client.createDomain({ name: 'moved-in.com', method: 'move-in', token: 'move_abc' }));
    expect(lastRequest()).toMatchObject({
      path: '/v7/domains',
      body: { name: 'moved-in.com', method: 'move-in', token: 'move_abc' },
    });

    // not the SDK's: a transfer-in keeps its auth code and price on the older endpoint (hosting-client.ts)
    const transferred = await client.createDomain({
      name: 'transferred.com',
      method: 'transfer-in',
      authCode: 'auth-1',
      expectedPrice: 20,
    });
    expect(lastRequest()).toEqual({
      method: 'POST',
      path: '/v5/domains',
      query: { teamId: TEAM },
      body: { name: 'transferred.com', method: 'transfer-in', authCode: 'auth-1', expectedPrice: 20 },
    });
    expect(transferred).toMatchObject({ serviceType: 'zeit.world', transferStartedAt: expect.any(Number) });

    const list = await exact(() => client.listDomains());
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v5/domains', query: { teamId: TEAM } });
    expect(list.domains.map((d) => d.name)).toEqual(['lantern.com', 'moved-in.com', 'transferred.com']);
    expect(list.pagination).toEqual({ count: 3, next: null, prev: null });

    expect(await exact(() => client.getDomain('lantern.com'))).toEqual(added);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v5/domains/lantern.com' });

    const renewed = await exact(() =>
      client.updateDomain('moved-in.com', {
        op: 'update',
        renew: false,
        customNameservers: ['ns1.moved-in.com'],
      }),
    );
    expect(renewed).toEqual({ renew: false, customNameservers: ['ns1.moved-in.com'], zone: false });
    expect(lastRequest()).toEqual({
      method: 'PATCH',
      path: '/v3/domains/moved-in.com',
      query: { teamId: TEAM },
      body: { op: 'update', renew: false, customNameservers: ['ns1.moved-in.com'] },
    });

    const movedOut = await exact(() =>
      client.updateDomain('transferred.com', { op: 'move-out', destination: 'team_other' }),
    );
    expect(movedOut).toEqual({ moved: true, token: expect.stringMatching(/^move_/) });
    expect(lastRequest()?.body).toEqual({ op: 'move-out', destination: 'team_other' });

    expect(await exact(() => client.deleteDomain('lantern.com'))).toEqual({ uid: added.id });
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: '/v6/domains/lantern.com' });
    expect((await exact(() => client.listDomains())).domains.map((d) => d.name)).toEqual(['moved-in.com']);
  });

  it('works without a team: no teamId in the query', async () => {
    const personal = new HostingClient({ baseUrl: emulator.url, token: TOKEN, projectId: PROJECT });
    await exact(() => personal.listDomains());
    expect(lastRequest()).toMatchObject({ path: '/v5/domains', query: {} });
  });

  it('maps the provider’s errors: 404 not_found, 409 conflict, 400 validation, others unavailable', async () => {
    await client.addProjectDomain('taken.com');
    const other = new HostingClient({ baseUrl: emulator.url, token: TOKEN, projectId: 'prj_other' });
    expect(await failureOf(other.addProjectDomain('taken.com'))).toMatchObject({
      kind: 'conflict',
      code: 'DOMAIN_TAKEN',
      message: 'taken.com is assigned to another project',
    });
    expect(await failureOf(client.addProjectDomain('taken.com'))).toMatchObject({
      kind: 'validation',
      code: 'DOMAIN_ALREADY_IN_USE',
      message: 'taken.com is already assigned to this project',
    });
    expect(await failureOf(client.getDomain('nowhere.com'))).toMatchObject({
      kind: 'not_found',
      code: 'NOT_FOUND',
    });
    await client.createDomain({ name: 'twice.com', method: 'add' });
    expect(await failureOf(client.createDomain({ name: 'twice.com', method: 'add' }))).toMatchObject({
      kind: 'conflict',
      code: 'DOMAIN_ALREADY_EXISTS',
    });
    // the fetch-made transfer-in maps the same way
    expect(
      await failureOf(client.createDomain({ name: 'twice.com', method: 'transfer-in', authCode: 'x' })),
    ).toMatchObject({ kind: 'conflict', code: 'DOMAIN_ALREADY_EXISTS', message: 'twice.com already exists' });

    emulator.injectFailure({
      method: 'DELETE',
      path: /\/domains\/taken\.com$/,
      status: 500,
      code: 'internal_server_error',
      message: 'The provider failed',
    });
    expect(await failureOf(client.removeProjectDomain('taken.com'))).toMatchObject({
      kind: 'unavailable',
      code: 'INTERNAL_SERVER_ERROR',
      message: 'The provider failed',
    });
    emulator.injectFailure({ method: 'GET', path: /\/v5\/domains$/, status: 429, code: 'rate_limited' });
    expect(await failureOf(client.listDomains())).toMatchObject({
      kind: 'unavailable',
      code: 'RATE_LIMITED',
    });

    const wrongToken = new HostingClient({
      baseUrl: emulator.url,
      token: 'not-the-token',
      projectId: PROJECT,
    });
    expect(await failureOf(wrongToken.getProjectDomain('taken.com'))).toMatchObject({
      kind: 'unavailable',
      code: 'FORBIDDEN',
      message: 'Not authorized',
    });
  });

  it('refuses a redirect status code Vercel does not offer before sending anything', async () => {
    const before = emulator.requests.length;
    const error = await failureOf(
      client.addProjectDomain('www.lantern.com', { to: 'https://lantern.com', statusCode: 303 }),
    );
    expect(error).toMatchObject({ kind: 'validation', code: 'HOSTING_INVALID_REQUEST' });
    expect(error.message).toContain('redirectStatusCode');
    expect(emulator.requests.length).toBe(before);
  });

  it('keeps the token out of sight: not a field of the client, not in any error', async () => {
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(TOKEN);
    expect(JSON.stringify(client)).not.toContain(TOKEN);
  });
});

describe('hosting client against a provider that misbehaves', () => {
  let server: Server;
  let url: string;
  let answer: { status: number; type: string; body: string } = { status: 200, type: 'text/plain', body: '' };
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': answer.type });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const misbehaving = () => new HostingClient({ baseUrl: url, token: TOKEN, projectId: PROJECT });

  it('an error without the provider’s shape: its status decides, with a generic code', async () => {
    // a body that repeats the token (a proxy echoing the request, say) does not reach the error: the SDK's
    // own message, which quotes the body, is not used
    answer = { status: 502, type: 'text/html', body: `<h1>Bad gateway</h1> Bearer ${TOKEN}` };
    expect(await failureOf(misbehaving().getDomain('a.com'))).toMatchObject({
      kind: 'unavailable',
      code: 'HOSTING_ERROR',
      message: 'Hosting provider answered 502',
    });
    answer = { status: 404, type: 'application/json', body: '{}' };
    expect(await failureOf(misbehaving().getDomain('a.com'))).toMatchObject({
      kind: 'not_found',
      code: 'HOSTING_ERROR',
      message: 'Hosting provider answered 404',
    });
  });

  it('a 200 the SDK’s schema or ours refuses is HOSTING_BAD_RESPONSE', async () => {
    answer = { status: 200, type: 'application/json', body: JSON.stringify({ domain: { name: 5 } }) };
    expect(await failureOf(misbehaving().getDomain('a.com'))).toMatchObject({
      kind: 'unavailable',
      code: 'HOSTING_BAD_RESPONSE',
      message: 'Invalid response from the hosting provider',
    });
    answer = { status: 200, type: 'application/json', body: JSON.stringify({ configuredBy: 'MX' }) };
    expect(await failureOf(misbehaving().getDomainConfig('a.com'))).toMatchObject({
      code: 'HOSTING_BAD_RESPONSE',
    });
    answer = { status: 200, type: 'text/html', body: '<html></html>' };
    expect(await failureOf(misbehaving().listDomains())).toMatchObject({ code: 'HOSTING_BAD_RESPONSE' });
  });

  it('an answer missing a required field is one the SDK repairs: the check of exact() sees it', async () => {
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ name: 'a.com', apexName: 'a.com', verified: true }),
    };
    const zeroDefaults = startCountingDefaultToZeroValue();
    const domain = await misbehaving().getProjectDomain('a.com');
    expect(zeroDefaults.end()).toBe(1);
    expect(domain.projectId).toBe('');
  });

  it('a provider that cannot be reached is HOSTING_UNREACHABLE', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new HostingClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      projectId: PROJECT,
    });
    expect(await failureOf(unreachable.getProjectDomain('a.com'))).toMatchObject({
      kind: 'unavailable',
      code: 'HOSTING_UNREACHABLE',
      message: 'The hosting provider could not be reached',
    });
    expect(
      await failureOf(unreachable.createDomain({ name: 'a.com', method: 'transfer-in', authCode: 'x' })),
    ).toMatchObject({ code: 'HOSTING_UNREACHABLE' });
  });
});

describe('the emulator speaks only what the SDK sends', () => {
  const call = (method: string, path: string, body?: unknown, token = TOKEN) =>
    fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('answers another API version as an unknown route', async () => {
    expect(await call('GET', `/v8/projects/${PROJECT}/domains/x.com`)).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Not found' } },
    });
    expect((await call('POST', '/v6/domains', { name: 'x.com' })).status).toBe(404);
  });

  it('refuses fields the API does not document, and transfer-in on v7', async () => {
    expect(
      await call('POST', `/v10/projects/${PROJECT}/domains`, { name: 'x.com', redirectCode: 308 }),
    ).toEqual({
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'Invalid request: should NOT have additional property "redirectCode".',
        },
      },
    });
    expect((await call('POST', '/v7/domains', { name: 'x.com', method: 'transfer-in' })).status).toBe(400);
    expect((await call('POST', '/v7/domains', { name: 'x.com', method: 'add', authCode: 'a' })).status).toBe(
      400,
    );
  });

  it('needs the bearer token', async () => {
    expect((await call('GET', '/v5/domains', undefined, 'wrong')).status).toBe(403);
  });
});
