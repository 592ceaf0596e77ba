import { randomBytes } from 'node:crypto';

/**
 * The routes of the hosting emulator (hosting-emulator.ts): each answers one operation of the Vercel API as
 * `@vercel/sdk` calls it, or passes (undefined) so the next may.
 */

export interface ProjectDomain {
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

export interface RegistrarDomain {
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

/** The request body fields each write accepts (Vercel refuses others with 400). */
const BODY_FIELDS = {
  addProjectDomain: ['name', 'gitBranch', 'customEnvironmentId', 'redirect', 'redirectStatusCode'],
  removeProjectDomain: ['removeRedirects'],
  createDomain: ['name', 'method', 'cdnEnabled', 'zone', 'token'],
  // the pre-v7 request, which still carried a transfer-in's auth code and price
  createDomainV5: ['name', 'method', 'cdnEnabled', 'zone', 'token', 'authCode', 'expectedPrice'],
  patchDomain: ['op', 'renew', 'customNameservers', 'zone', 'echMode', 'destination'],
} as const;

/** What the emulator holds: the DNS (TXT records), project domains and the registrar's domains. */
export interface EmulatorState {
  startedAt: number;
  txt: Map<string, string[]>;
  projectDomains: Map<string, ProjectDomain>;
  domains: Map<string, RegistrarDomain>;
}

/** One request, taken apart: `/v9/projects/p/domains/d` is version v9, area projects, parts [v9, projects, …]. */
export interface Call {
  method: string;
  version: string | undefined;
  area: string | undefined;
  parts: string[];
  /** `METHOD /version/area` */
  route: string;
  input: Record<string, unknown>;
  teamId: string | null;
}

export interface Reply {
  status: number;
  body: unknown;
}

/** A route of the emulated API: its answer, or undefined when the request is not its. */
type Handler = (state: EmulatorState, call: Call) => Reply | undefined;

const ok = (body: unknown): Reply => ({ status: 200, body });
export const problem = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

/** Vercel's 400 for a body field the operation does not document, if `input` has one. */
function extraFieldProblem(input: Record<string, unknown>, allowed: readonly string[]): Reply | undefined {
  const extra = Object.keys(input).find((key) => !allowed.includes(key));
  return extra === undefined
    ? undefined
    : problem(400, 'bad_request', `Invalid request: should NOT have additional property "${extra}".`);
}

function projectDomainView(d: ProjectDomain) {
  return {
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
  };
}

/** POST /v10/projects/{p}/domains */
function addProjectDomain(state: EmulatorState, call: Call, project: string): Reply {
  const { input } = call;
  const refused = extraFieldProblem(input, BODY_FIELDS.addProjectDomain);
  if (refused) return refused;
  const domain = typeof input.name === 'string' ? input.name.toLowerCase() : '';
  if (!domain) return problem(400, 'bad_request', 'name is required');
  const code = input.redirectStatusCode;
  if (code !== undefined && code !== null && !REDIRECT_STATUS_CODES.includes(code as number)) {
    return problem(400, 'bad_request', 'redirectStatusCode must be 301, 302, 307 or 308');
  }
  const existing = state.projectDomains.get(domain);
  if (existing && existing.projectId === project) {
    return problem(400, 'domain_already_in_use', `${domain} is already assigned to this project`);
  }
  if (existing) return problem(409, 'domain_taken', `${domain} is assigned to another project`);
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
  state.projectDomains.set(domain, created);
  return ok(projectDomainView(created));
}

/** GET, DELETE /v9/projects/{p}/domains/{d}; POST /v9/projects/{p}/domains/{d}/verify */
function oneProjectDomain(
  state: EmulatorState,
  call: Call,
  project: string,
  name: string,
): Reply | undefined {
  const { method, parts } = call;
  const found = state.projectDomains.get(name.toLowerCase());
  if (!found || found.projectId !== project) return problem(404, 'not_found', 'Domain not found');
  if (method === 'GET' && parts.length === 5) return ok(projectDomainView(found));
  if (method === 'DELETE' && parts.length === 5) {
    const refused = extraFieldProblem(call.input, BODY_FIELDS.removeProjectDomain);
    if (refused) return refused;
    state.projectDomains.delete(found.name);
    return ok({});
  }
  if (method === 'POST' && parts.length === 6) {
    if (state.txt.get(`_vercel.${found.apexName}`)?.includes(found.challenge)) {
      found.verified = true;
      found.updatedAt = Date.now();
      return ok(projectDomainView(found));
    }
    return problem(400, 'missing_txt_record', `Missing TXT record _vercel.${found.apexName}`);
  }
  return undefined;
}

const projectDomains: Handler = (state, call) => {
  const { parts, area, route, version } = call;
  if (area !== 'projects' || parts[3] !== 'domains') return undefined;
  const project = parts[2]!;
  const name = parts[4];
  if (route === 'POST /v10/projects' && parts.length === 4) return addProjectDomain(state, call, project);
  if (version === 'v9' && name && (parts.length === 5 || (parts.length === 6 && parts[5] === 'verify')))
    return oneProjectDomain(state, call, project, name);
  return undefined;
};

/** GET /v6/domains/{domain}/config */
const domainConfig: Handler = (state, { route, parts }) => {
  if (route !== 'GET /v6/domains' || parts.length !== 4 || parts[3] !== 'config') return undefined;
  const found = state.projectDomains.get(parts[2]!.toLowerCase());
  return ok({
    configuredBy: found?.verified ? 'CNAME' : null,
    // The emulated DNS is not Vercel's, so only the HTTP challenge can issue a certificate.
    acceptedChallenges: ['http-01'],
    misconfigured: !found?.verified,
    recommendedIPv4: [{ rank: 1, value: ['76.76.21.21'] }],
    recommendedCNAME: [{ rank: 1, value: 'cname.vercel-dns.com.' }],
  });
};

/** GET /v5/domains/{domain}/records: names relative to the domain ('' for the domain itself). */
const dnsRecords: Handler = (state, { route, parts }) => {
  if (route !== 'GET /v5/domains' || parts.length !== 4 || parts[3] !== 'records') return undefined;
  const apex = parts[2]!.toLowerCase();
  const at = state.startedAt;
  const records = [...state.txt.entries()]
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
        created: at,
        createdAt: at,
        updated: at,
        updatedAt: at,
      })),
    );
  return ok({ records, pagination: { count: records.length, next: null, prev: null } });
};

/** POST /v7/domains (add, move-in) and the older POST /v5/domains (also transfer-in). */
function createRegistrarDomain(state: EmulatorState, call: Call): Reply {
  const { input, version } = call;
  const refused = extraFieldProblem(
    input,
    version === 'v7' ? BODY_FIELDS.createDomain : BODY_FIELDS.createDomainV5,
  );
  if (refused) return refused;
  const name = typeof input.name === 'string' ? input.name.toLowerCase() : '';
  if (!name) return problem(400, 'bad_request', 'name is required');
  const kind = typeof input.method === 'string' ? input.method : 'add';
  const kinds = version === 'v7' ? ['add', 'move-in'] : ['add', 'move-in', 'transfer-in'];
  if (!kinds.includes(kind)) return problem(400, 'bad_request', `method must be one of ${kinds.join(', ')}`);
  if (kind === 'move-in' && typeof input.token !== 'string') {
    return problem(400, 'bad_request', 'token is required for move-in');
  }
  if (state.domains.has(name)) return problem(409, 'domain_already_exists', `${name} already exists`);
  const created = registrarDomain(name, kind, call.teamId);
  state.domains.set(name, created);
  return ok({ domain: created });
}

function registrarDomain(name: string, kind: string, teamId: string | null): RegistrarDomain {
  const now = Date.now();
  return {
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
}

/** Registrar: GET /v5/domains; POST /v7/domains and /v5/domains. */
const registrarDomains: Handler = (state, call) => {
  if (call.area !== 'domains' || call.parts.length !== 2) return undefined;
  if (call.route === 'GET /v5/domains') {
    const list = [...state.domains.values()];
    return ok({ domains: list, pagination: { count: list.length, next: null, prev: null } });
  }
  if (call.route === 'POST /v7/domains' || call.route === 'POST /v5/domains')
    return createRegistrarDomain(state, call);
  return undefined;
};

/** PATCH /v3/domains/{d}: update (renew, nameservers, ECH) or move out. */
function patchRegistrarDomain(state: EmulatorState, found: RegistrarDomain, input: Record<string, unknown>) {
  const refused = extraFieldProblem(input, BODY_FIELDS.patchDomain);
  if (refused) return refused;
  if (input.op === 'move-out') {
    if (typeof input.destination !== 'string' || !input.destination) {
      return problem(400, 'bad_request', 'destination is required');
    }
    state.domains.delete(found.name);
    return ok({ moved: true, token: `move_${randomBytes(8).toString('hex')}` });
  }
  if (input.op !== undefined && input.op !== 'update') {
    return problem(400, 'bad_request', 'op must be update or move-out');
  }
  if (typeof input.renew === 'boolean') found.renew = input.renew;
  if (Array.isArray(input.customNameservers)) found.customNameservers = input.customNameservers.map(String);
  if (input.echMode === 'auto' || input.echMode === 'disabled') found.echMode = input.echMode;
  return ok({
    renew: found.renew,
    customNameservers: found.customNameservers,
    zone: input.zone === true,
    echMode: found.echMode,
  });
}

/** Registrar: GET /v5/domains/{d}, PATCH /v3/domains/{d}, DELETE /v6/domains/{d} */
const oneRegistrarDomain: Handler = (state, { area, parts, method, version, input }) => {
  if (area !== 'domains' || parts.length !== 3) return undefined;
  if (!['GET /v5', 'PATCH /v3', 'DELETE /v6'].includes(`${method} /${version}`)) return undefined;
  const found = state.domains.get(parts[2]!.toLowerCase());
  if (!found) return problem(404, 'not_found', 'Domain not found');
  if (method === 'GET') return ok({ domain: { ...found, suffix: false } });
  if (method === 'PATCH') return patchRegistrarDomain(state, found, input);
  state.domains.delete(found.name);
  return ok({ uid: found.id });
};

export const HANDLERS: readonly Handler[] = [
  projectDomains,
  domainConfig,
  dnsRecords,
  registrarDomains,
  oneRegistrarDomain,
];
