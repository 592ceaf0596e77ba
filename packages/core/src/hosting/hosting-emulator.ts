import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * An in-memory emulator of the Vercel domains API (INTEGRATIONS.md "Hosting provider"): project domains
 * (add, get, verify, remove), domain config, DNS records and the registrar's domain list/get/create.
 * `npm start` and the tests use it when no HOSTING_TOKEN is configured. `txt` plays the DNS: a project domain
 * verifies once `_vercel.<apex>` holds its challenge value.
 */
export interface HostingEmulator {
  url: string;
  txt: Map<string, string[]>;
  /**
   * Makes matching requests fail (tests of what Brigade does when the provider fails halfway): the first
   * `skip` matching requests pass, the next `times` (default 1) get `status` with the provider's error shape.
   */
  injectFailure(failure: InjectedFailure): void;
  close(): Promise<void>;
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
  transferStartedAt: number | null;
  serviceType: 'zeit.world' | 'external' | 'na';
  renew: boolean;
  userId: string;
  teamId: string | null;
}

const apexOf = (name: string) => name.split('.').slice(-2).join('.');

export async function startHostingEmulator(options: { port?: number } = {}): Promise<HostingEmulator> {
  const txt = new Map<string, string[]>();
  const projectDomains = new Map<string, ProjectDomain>();
  const domains = new Map<string, RegistrarDomain>();
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
  const view = (d: ProjectDomain) => ({
    name: d.name,
    apexName: d.apexName,
    projectId: d.projectId,
    redirect: d.redirect,
    redirectStatusCode: d.redirectStatusCode,
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
  const body = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (chunks.length === 0) return {};
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      return fail(res, 403, 'forbidden', 'Not authorized');
    }
    const method = req.method ?? 'GET';
    const failure = injected(method, url.pathname);
    if (failure) {
      return fail(res, failure.status, failure.code, failure.message ?? `Injected failure (${failure.code})`);
    }
    // /v10/projects/{project}/domains
    if (parts[1] === 'projects' && parts[3] === 'domains') {
      const project = parts[2]!;
      const name = parts[4];
      if (method === 'POST' && !name) {
        const input = await body(req);
        const domain = String(input.name ?? '').toLowerCase();
        if (!domain) return fail(res, 400, 'bad_request', 'name is required');
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
          redirectStatusCode: typeof input.redirectStatusCode === 'number' ? input.redirectStatusCode : null,
          verified: false,
          challenge: `vc-domain-verify=${domain},${randomBytes(10).toString('hex')}`,
          createdAt: now,
          updatedAt: now,
        };
        projectDomains.set(domain, created);
        return send(res, 200, view(created));
      }
      const found = name ? projectDomains.get(name.toLowerCase()) : undefined;
      if (!found || found.projectId !== project) return fail(res, 404, 'not_found', 'Domain not found');
      if (method === 'GET') return send(res, 200, view(found));
      if (method === 'DELETE') {
        projectDomains.delete(found.name);
        return send(res, 200, {});
      }
      if (method === 'POST' && parts[5] === 'verify') {
        if (txt.get(`_vercel.${found.apexName}`)?.includes(found.challenge)) {
          found.verified = true;
          found.updatedAt = Date.now();
          return send(res, 200, view(found));
        }
        return fail(res, 400, 'missing_txt_record', `Missing TXT record _vercel.${found.apexName}`);
      }
    }
    // /v6/domains/{domain}/config
    if (parts[1] === 'domains' && parts[3] === 'config' && method === 'GET') {
      const found = projectDomains.get(parts[2]!.toLowerCase());
      return send(res, 200, {
        configuredBy: found?.verified ? 'CNAME' : null,
        misconfigured: !found?.verified,
        recommendedIPv4: [{ rank: 1, value: ['76.76.21.21'] }],
        recommendedCNAME: [{ rank: 1, value: 'cname.vercel-dns.com.' }],
      });
    }
    // /v5/domains/{domain}/records
    if (parts[1] === 'domains' && parts[3] === 'records' && method === 'GET') {
      const apex = parts[2]!.toLowerCase();
      const records = [...txt.entries()]
        .filter(([name]) => name === apex || name.endsWith(`.${apex}`))
        .flatMap(([name, values]) =>
          values.map((value, i) => ({ id: `rec_${name}_${i}`, type: 'TXT', name, value, ttl: 60 })),
        );
      return send(res, 200, { records, pagination: { count: records.length, next: null, prev: null } });
    }
    // Registrar: /v5/domains, /v5/domains/{domain}, /v6/domains/{domain}
    if (parts[1] === 'domains' && parts.length === 2) {
      if (method === 'GET') {
        const list = [...domains.values()];
        return send(res, 200, { domains: list, pagination: { count: list.length, next: null, prev: null } });
      }
      if (method === 'POST') {
        const input = await body(req);
        const name = String(input.name ?? '').toLowerCase();
        if (!name) return fail(res, 400, 'bad_request', 'name is required');
        if (domains.has(name)) return fail(res, 409, 'domain_already_exists', `${name} already exists`);
        const now = Date.now();
        const kind = String(input.method ?? 'add');
        const created: RegistrarDomain = {
          id: `dom_${randomBytes(8).toString('hex')}`,
          name,
          verified: kind !== 'add',
          nameservers: ['ns1.vercel-dns.com', 'ns2.vercel-dns.com'],
          intendedNameservers: ['ns1.vercel-dns.com', 'ns2.vercel-dns.com'],
          customNameservers: [],
          creator: { id: 'user_emulator', username: 'emulator', email: 'emulator@brigade.local' },
          createdAt: now,
          boughtAt: kind === 'transfer-in' ? now : null,
          expiresAt: kind === 'add' ? null : now + 365 * 86_400_000,
          orderedAt: kind === 'transfer-in' ? now : null,
          transferredAt: null,
          transferStartedAt: kind === 'transfer-in' ? now : null,
          serviceType: kind === 'add' ? 'external' : 'zeit.world',
          renew: kind !== 'add',
          userId: 'user_emulator',
          teamId: url.searchParams.get('teamId'),
        };
        domains.set(name, created);
        return send(res, 200, { domain: created });
      }
    }
    if (parts[1] === 'domains' && parts.length === 3) {
      const found = domains.get(parts[2]!.toLowerCase());
      if (!found) return fail(res, 404, 'not_found', 'Domain not found');
      if (method === 'GET') return send(res, 200, { domain: found });
      if (method === 'PATCH') {
        const input = await body(req);
        if (input.op === 'move-out') {
          if (typeof input.destination !== 'string' || !input.destination) {
            return fail(res, 400, 'bad_request', 'destination is required');
          }
          domains.delete(found.name);
          return send(res, 200, { moved: true, token: `move_${randomBytes(8).toString('hex')}` });
        }
        if (typeof input.renew === 'boolean') found.renew = input.renew;
        if (Array.isArray(input.customNameservers))
          found.customNameservers = input.customNameservers.map(String);
        return send(res, 200, {
          renew: found.renew,
          customNameservers: found.customNameservers,
          zone: input.zone === true,
        });
      }
      if (method === 'DELETE') {
        domains.delete(found.name);
        return send(res, 200, { uid: found.id });
      }
    }
    return fail(res, 404, 'not_found', 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    txt,
    injectFailure: (failure) =>
      failures.push({ ...failure, skip: failure.skip ?? 0, times: failure.times ?? 1 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
