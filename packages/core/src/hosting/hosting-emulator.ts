import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * An in-memory emulator of the Vercel domains API (INTEGRATIONS.md "Hosting provider"): project domains
 * (add, get, verify, remove), domain config, DNS records and the registrar's domain list/get/create/update/
 * delete. `npm start` and the tests use it when no HOSTING_TOKEN is configured. `txt` plays the DNS: a
 * project domain verifies once `_vercel.<apex>` holds its challenge value.
 *
 * It speaks what `@vercel/sdk` (the version in packages/core/package.json) sends, and nothing else: exactly
 * the SDK's method, version and path per operation (another version is 404, as an unknown route), `teamId`
 * in the query, request bodies with only the fields the API documents (others are 400, as Vercel's
 * validation answers). Its answers carry every field the SDK's response schemas require, with the values
 * the SDK's enums allow, so the SDK never has to fill a gap with a zero value
 * (hosting-client.int.test.ts checks that per call). Errors are Vercel's `{error:{code,message}}`.
 */
export interface HostingEmulator {
  url: string;
  txt: Map<string, string[]>;
  /** The last requests received (at most 200), for tests of what a client really sends. */
  requests: EmulatedRequest[];
  /**
   * Makes matching requests fail (tests of what Brigade does when the provider fails halfway): the first
   * `skip` matching requests pass, the next `times` (default 1) get `status` with the provider's error shape.
   */
  injectFailure(failure: InjectedFailure): void;
  close(): Promise<void>;
}

export interface EmulatedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, undefined when there was none. The authorization header is not kept. */
  body: unknown;
}

export interface InjectedFailure {
  method: string;
  /** Matched against the request path, e.g. /\/projects\/[^/]+\/domains$/. */
  path: RegExp;
  skip?: number;
  times?: number;
  status: number;
  code: string;
  message?: string;
}

export interface HostingEmulatorOptions {
  port?: number;
  /** When set, only `Authorization: Bearer <token>` is accepted (otherwise any bearer token is). */
  token?: string;
}

interface ProjectDomain {
  name: string;
  apexName: string;
  projectId: string;
  redirect: string | null;
  redirectStatusCode: number | null;
  verified: boolean;
  challenge: string;
  createdAt: number;
  updatedAt: number;
}

interface RegistrarDomain {
  id: string;
  name: string;
  verified: boolean;
  nameservers: string[];
  intendedNameservers: string[];
  customNameservers: string[];
  creator: { id: string; username: string; email: string };
  createdAt: number;
  boughtAt: number | null;
  expiresAt: number | null;
  orderedAt: number | null;
  transferredAt: number | null;
  /** Absent unless a transfer started: the SDK's schema allows a number or nothing, not null. */
  transferStartedAt?: number;
  serviceType: 'zeit.world' | 'external' | 'na';
  echMode: 'auto' | 'disabled' | 'enabled';
  renew: boolean;
  userId: string;
  teamId: string | null;
}

const apexOf = (name: string) => name.split('.').slice(-2).join('.');
const REDIRECT_STATUS_CODES = [301, 302, 307, 308];
const EMULATOR_USER = { id: 'user_emulator', username: 'emulator', email: 'emulator@brigade.local' };
const MAX_REQUESTS = 200;

/** The request body fields each write accepts (Vercel refuses others with 400). */
const BODY_FIELDS = {
  addProjectDomain: ['name', 'gitBranch', 'customEnvironmentId', 'redirect', 'redirectStatusCode'],
  removeProjectDomain: ['removeRedirects'],
  createDomain: ['name', 'method', 'cdnEnabled', 'zone', 'token'],
  // the pre-v7 request, which still carried a transfer-in's auth code and price
  createDomainV5: ['name', 'method', 'cdnEnabled', 'zone', 'token', 'authCode', 'expectedPrice'],
  patchDomain: ['op', 'renew', 'customNameservers', 'zone', 'echMode', 'destination'],
} as const;

export async function startHostingEmulator(options: HostingEmulatorOptions = {}): Promise<HostingEmulator> {
  const startedAt = Date.now();
  const txt = new Map<string, string[]>();
  const projectDomains = new Map<string, ProjectDomain>();
  const domains = new Map<string, RegistrarDomain>();
  const requests: EmulatedRequest[] = [];
  const failures: (InjectedFailure & { skip: number; times: number })[] = [];
  /** The injected failure this request meets, if any (counting it). */
  const injected = (method: string, path: string) => {
    const failure = failures.find((f) => f.method === method && f.path.test(path));
    if (!failure) return undefined;
    if (failure.skip > 0) {
      failure.skip -= 1;
      return undefined;
    }
    failure.times -= 1;
    if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
    return failure;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { error: { code, message } });
  /** The first field of `input` that `allowed` does not name, if any. */
  const extraField = (input: Record<string, unknown>, allowed: readonly string[]) =>
    Object.keys(input).find((key) => !allowed.includes(key));
  const view = (d: ProjectDomain) => ({
    name: d.name,
    apexName: d.apexName,
    projectId: d.projectId,
    redirect: d.redirect,
    redirectStatusCode: d.redirectStatusCode,
    gitBranch: null,
    customEnvironmentId: null,
    verified: d.verified,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    ...(d.verified
      ? {}
      : {
          verification: [
            {
              type: 'TXT',
              domain: `_vercel.${d.apexName}`,
              value: d.challenge,
              reason: 'pending_domain_verification',
            },
          ],
        }),
  });
  const readBody = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return undefined;
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    } catch {
      return null;
    }
  };
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw,
    });
    if (requests.length > MAX_REQUESTS) requests.splice(0, requests.length - MAX_REQUESTS);

    const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    if (!auth || (options.token !== undefined && auth[1] !== options.token)) {
      return fail(res, 403, 'forbidden', 'Not authorized');
    }
    const failure = injected(method, url.pathname);
    if (failure) {
      return fail(res, failure.status, failure.code, failure.message ?? `Injected failure (${failure.code})`);
    }
    if (raw === null) return fail(res, 400, 'bad_request', 'Invalid JSON body');
    if (raw !== undefined && !isObject(raw)) return fail(res, 400, 'bad_request', 'Invalid request body');
    const input = raw ?? {};
    const refuseExtra = (allowed: readonly string[]) => {
      const extra = extraField(input, allowed);
      if (extra)
        fail(res, 400, 'bad_request', `Invalid request: should NOT have additional property "${extra}".`);
      return extra !== undefined;
    };
    const teamId = url.searchParams.get('teamId');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const [version, area] = parts;
    const route = `${method} /${version}/${area}`;

    // Project domains: POST /v10/projects/{p}/domains; GET, DELETE /v9/projects/{p}/domains/{d};
    // POST /v9/projects/{p}/domains/{d}/verify
    if (area === 'projects' && parts[3] === 'domains') {
      const project = parts[2]!;
      const name = parts[4];
      if (route === 'POST /v10/projects' && parts.length === 4) {
        if (refuseExtra(BODY_FIELDS.addProjectDomain)) return;
        const domain = typeof input.name === 'string' ? input.name.toLowerCase() : '';
        if (!domain) return fail(res, 400, 'bad_request', 'name is required');
        const code = input.redirectStatusCode;
        if (code !== undefined && code !== null && !REDIRECT_STATUS_CODES.includes(code as number)) {
          return fail(res, 400, 'bad_request', 'redirectStatusCode must be 301, 302, 307 or 308');
        }
        const existing = projectDomains.get(domain);
        if (existing && existing.projectId === project) {
          return fail(res, 400, 'domain_already_in_use', `${domain} is already assigned to this project`);
        }
        if (existing) return fail(res, 409, 'domain_taken', `${domain} is assigned to another project`);
        const now = Date.now();
        const created: ProjectDomain = {
          name: domain,
          apexName: apexOf(domain),
          projectId: project,
          redirect: typeof input.redirect === 'string' ? input.redirect : null,
          redirectStatusCode: typeof code === 'number' ? code : null,
          verified: false,
          challenge: `vc-domain-verify=${domain},${randomBytes(10).toString('hex')}`,
          createdAt: now,
          updatedAt: now,
        };
        projectDomains.set(domain, created);
        return send(res, 200, view(created));
      }
      if (version === 'v9' && name && (parts.length === 5 || (parts.length === 6 && parts[5] === 'verify'))) {
        const found = projectDomains.get(name.toLowerCase());
        if (!found || found.projectId !== project) return fail(res, 404, 'not_found', 'Domain not found');
        if (method === 'GET' && parts.length === 5) return send(res, 200, view(found));
        if (method === 'DELETE' && parts.length === 5) {
          if (refuseExtra(BODY_FIELDS.removeProjectDomain)) return;
          projectDomains.delete(found.name);
          return send(res, 200, {});
        }
        if (method === 'POST' && parts.length === 6) {
          if (txt.get(`_vercel.${found.apexName}`)?.includes(found.challenge)) {
            found.verified = true;
            found.updatedAt = Date.now();
            return send(res, 200, view(found));
          }
          return fail(res, 400, 'missing_txt_record', `Missing TXT record _vercel.${found.apexName}`);
        }
      }
    }
    // GET /v6/domains/{domain}/config
    if (route === 'GET /v6/domains' && parts.length === 4 && parts[3] === 'config') {
      const found = projectDomains.get(parts[2]!.toLowerCase());
      return send(res, 200, {
        configuredBy: found?.verified ? 'CNAME' : null,
        // The emulated DNS is not Vercel's, so only the HTTP challenge can issue a certificate.
        acceptedChallenges: ['http-01'],
        misconfigured: !found?.verified,
        recommendedIPv4: [{ rank: 1, value: ['76.76.21.21'] }],
        recommendedCNAME: [{ rank: 1, value: 'cname.vercel-dns.com.' }],
      });
    }
    // GET /v5/domains/{domain}/records: names relative to the domain ('' for the domain itself).
    if (route === 'GET /v5/domains' && parts.length === 4 && parts[3] === 'records') {
      const apex = parts[2]!.toLowerCase();
      const records = [...txt.entries()]
        .filter(([name]) => name === apex || name.endsWith(`.${apex}`))
        .flatMap(([name, values]) =>
          values.map((value, i) => ({
            id: `rec_${Buffer.from(`${name}/${i}`).toString('hex').slice(0, 24)}`,
            slug: `${name}.`,
            name: name === apex ? '' : name.slice(0, -(apex.length + 1)),
            type: 'TXT',
            value,
            ttl: 60,
            creator: EMULATOR_USER.id,
            created: startedAt,
            createdAt: startedAt,
            updated: startedAt,
            updatedAt: startedAt,
          })),
        );
      return send(res, 200, { records, pagination: { count: records.length, next: null, prev: null } });
    }
    // Registrar: GET /v5/domains; POST /v7/domains (add, move-in) and the older POST /v5/domains (also
    // transfer-in)
    if (area === 'domains' && parts.length === 2) {
      if (route === 'GET /v5/domains') {
        const list = [...domains.values()];
        return send(res, 200, { domains: list, pagination: { count: list.length, next: null, prev: null } });
      }
      if (route === 'POST /v7/domains' || route === 'POST /v5/domains') {
        if (refuseExtra(version === 'v7' ? BODY_FIELDS.createDomain : BODY_FIELDS.createDomainV5)) return;
        const name = typeof input.name === 'string' ? input.name.toLowerCase() : '';
        if (!name) return fail(res, 400, 'bad_request', 'name is required');
        const kind = typeof input.method === 'string' ? input.method : 'add';
        const kinds = version === 'v7' ? ['add', 'move-in'] : ['add', 'move-in', 'transfer-in'];
        if (!kinds.includes(kind)) {
          return fail(res, 400, 'bad_request', `method must be one of ${kinds.join(', ')}`);
        }
        if (kind === 'move-in' && typeof input.token !== 'string') {
          return fail(res, 400, 'bad_request', 'token is required for move-in');
        }
        if (domains.has(name)) return fail(res, 409, 'domain_already_exists', `${name} already exists`);
        const now = Date.now();
        const created: RegistrarDomain = {
          id: `dom_${randomBytes(8).toString('hex')}`,
          name,
          verified: kind !== 'add',
          nameservers: ['ns1.vercel-dns.com', 'ns2.vercel-dns.com'],
          intendedNameservers: ['ns1.vercel-dns.com', 'ns2.vercel-dns.com'],
          customNameservers: [],
          creator: EMULATOR_USER,
          createdAt: now,
          boughtAt: kind === 'transfer-in' ? now : null,
          expiresAt: kind === 'add' ? null : now + 365 * 86_400_000,
          orderedAt: kind === 'transfer-in' ? now : null,
          transferredAt: null,
          ...(kind === 'transfer-in' ? { transferStartedAt: now } : {}),
          serviceType: kind === 'add' ? 'external' : 'zeit.world',
          echMode: 'auto',
          renew: kind !== 'add',
          userId: EMULATOR_USER.id,
          teamId,
        };
        domains.set(name, created);
        return send(res, 200, { domain: created });
      }
    }
    // Registrar: GET /v5/domains/{d}, PATCH /v3/domains/{d}, DELETE /v6/domains/{d}
    if (
      area === 'domains' &&
      parts.length === 3 &&
      ['GET /v5', 'PATCH /v3', 'DELETE /v6'].includes(`${method} /${version}`)
    ) {
      const found = domains.get(parts[2]!.toLowerCase());
      if (!found) return fail(res, 404, 'not_found', 'Domain not found');
      if (method === 'GET') return send(res, 200, { domain: { ...found, suffix: false } });
      if (method === 'PATCH') {
        if (refuseExtra(BODY_FIELDS.patchDomain)) return;
        if (input.op === 'move-out') {
          if (typeof input.destination !== 'string' || !input.destination) {
            return fail(res, 400, 'bad_request', 'destination is required');
          }
          domains.delete(found.name);
          return send(res, 200, { moved: true, token: `move_${randomBytes(8).toString('hex')}` });
        }
        if (input.op !== undefined && input.op !== 'update') {
          return fail(res, 400, 'bad_request', 'op must be update or move-out');
        }
        if (typeof input.renew === 'boolean') found.renew = input.renew;
        if (Array.isArray(input.customNameservers))
          found.customNameservers = input.customNameservers.map(String);
        if (input.echMode === 'auto' || input.echMode === 'disabled') found.echMode = input.echMode;
        return send(res, 200, {
          renew: found.renew,
          customNameservers: found.customNameservers,
          zone: input.zone === true,
          echMode: found.echMode,
        });
      }
      domains.delete(found.name);
      return send(res, 200, { uid: found.id });
    }
    return fail(res, 404, 'not_found', 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    txt,
    requests,
    injectFailure: (failure) =>
      failures.push({ ...failure, skip: failure.skip ?? 0, times: failure.times ?? 1 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
