import { BrigadeError } from '@brigade/domain/errors';
import {
  type DomainRequest,
  type ProviderDomain,
  projectDomainSchema,
  providerDomainSchema,
} from '@brigade/domain/hosting';
import { z } from 'zod';

/**
 * A client of the Vercel domains API (INTEGRATIONS.md), written over fetch: the same requests go to
 * api.vercel.com with HOSTING_TOKEN or to the emulator (hosting-emulator.ts) without one. Provider errors
 * `{error:{code,message}}` become BrigadeErrors carrying the provider's code.
 */
export interface HostingClientOptions {
  baseUrl: string;
  token: string;
  projectId: string;
  teamId?: string | undefined;
}

const configSchema = z.object({
  configuredBy: z.enum(['A', 'CNAME', 'http', 'dns-01']).nullable(),
  misconfigured: z.boolean(),
});
const recordsSchema = z.object({
  records: z.array(
    z.object({
      type: z.string().min(1),
      name: z.string(),
      value: z.string().min(1),
      ttl: z.number().int().positive().optional(),
    }),
  ),
});
const listSchema = z.object({
  domains: z.array(providerDomainSchema),
  pagination: z.object({
    count: z.number().int().min(0),
    next: z.number().positive().nullable(),
    prev: z.number().positive().nullable(),
  }),
});

export class HostingClient {
  constructor(private readonly options: HostingClientOptions) {}

  private async request<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const url = new URL(path, this.options.baseUrl);
    if (this.options.teamId) url.searchParams.set('teamId', this.options.teamId);
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${this.options.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    if (!response.ok) {
      const code = json.error?.code ?? 'hosting_error';
      const message = json.error?.message ?? `Hosting provider answered ${response.status}`;
      const kind =
        response.status === 404
          ? 'not_found'
          : response.status === 409
            ? 'conflict'
            : response.status === 400
              ? 'validation'
              : 'unavailable';
      throw new BrigadeError(kind, code.toUpperCase(), message);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new BrigadeError(
        'unavailable',
        'HOSTING_BAD_RESPONSE',
        'Invalid response from the hosting provider',
      );
    return parsed.data;
  }

  private project(path = '') {
    return `/projects/${encodeURIComponent(this.options.projectId)}/domains${path}`;
  }

  addProjectDomain(name: string, redirect?: { to: string; statusCode: number }) {
    return this.request('POST', `/v10${this.project()}`, projectDomainSchema, {
      name,
      ...(redirect ? { redirect: redirect.to, redirectStatusCode: redirect.statusCode } : {}),
    });
  }
  getProjectDomain(name: string) {
    return this.request('GET', `/v9${this.project(`/${encodeURIComponent(name)}`)}`, projectDomainSchema);
  }
  verifyProjectDomain(name: string) {
    return this.request(
      'POST',
      `/v9${this.project(`/${encodeURIComponent(name)}/verify`)}`,
      projectDomainSchema,
    );
  }
  removeProjectDomain(name: string) {
    return this.request('DELETE', `/v9${this.project(`/${encodeURIComponent(name)}`)}`, z.object({}).loose());
  }
  getDomainConfig(name: string) {
    return this.request('GET', `/v6/domains/${encodeURIComponent(name)}/config`, configSchema);
  }
  getDnsRecords(name: string) {
    return this.request('GET', `/v5/domains/${encodeURIComponent(name)}/records`, recordsSchema);
  }
  listDomains() {
    return this.request('GET', '/v5/domains', listSchema);
  }
  getDomain(name: string): Promise<ProviderDomain> {
    return this.request(
      'GET',
      `/v5/domains/${encodeURIComponent(name)}`,
      z.object({ domain: providerDomainSchema }),
    ).then((r) => r.domain);
  }
  createDomain(request: DomainRequest): Promise<ProviderDomain> {
    return this.request('POST', '/v5/domains', z.object({ domain: providerDomainSchema }), request).then(
      (r) => r.domain,
    );
  }
  /** spec 01 §7.2: PATCH /domains/{domain}, operation update (renew, customNameservers, zone) or move-out. */
  updateDomain(
    name: string,
    change:
      | {
          op: 'update';
          renew?: boolean | undefined;
          customNameservers?: string[] | undefined;
          zone?: boolean | undefined;
        }
      | { op: 'move-out'; destination: string },
  ) {
    return this.request(
      'PATCH',
      `/v3/domains/${encodeURIComponent(name)}`,
      z.object({
        moved: z.boolean().optional(),
        token: z.string().optional(),
        renew: z.boolean().optional(),
        customNameservers: z.array(z.string().min(1)).optional(),
        zone: z.boolean().optional(),
      }),
      change,
    );
  }
  deleteDomain(name: string) {
    return this.request('DELETE', `/v6/domains/${encodeURIComponent(name)}`, z.object({ uid: z.string() }));
  }
}
