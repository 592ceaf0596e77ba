import { BrigadeError } from '@brigade/domain/errors';
import {
  type DomainRequest,
  type ProviderDomain,
  projectDomainSchema,
  providerDomainSchema,
} from '@brigade/domain/hosting';
import { VercelCore } from '@vercel/sdk/core.js';
import { dnsGetRecords } from '@vercel/sdk/funcs/dnsGetRecords.js';
import { domainsCreateOrTransferDomain } from '@vercel/sdk/funcs/domainsCreateOrTransferDomain.js';
import { domainsDeleteDomain } from '@vercel/sdk/funcs/domainsDeleteDomain.js';
import { domainsGetDomain } from '@vercel/sdk/funcs/domainsGetDomain.js';
import { domainsGetDomainConfig } from '@vercel/sdk/funcs/domainsGetDomainConfig.js';
import { domainsGetDomains } from '@vercel/sdk/funcs/domainsGetDomains.js';
import { domainsPatchDomain } from '@vercel/sdk/funcs/domainsPatchDomain.js';
import { projectsAddProjectDomain } from '@vercel/sdk/funcs/projectsAddProjectDomain.js';
import { projectsGetProjectDomain } from '@vercel/sdk/funcs/projectsGetProjectDomain.js';
import { projectsRemoveProjectDomain } from '@vercel/sdk/funcs/projectsRemoveProjectDomain.js';
import { projectsVerifyProjectDomain } from '@vercel/sdk/funcs/projectsVerifyProjectDomain.js';
import { HTTPClientError } from '@vercel/sdk/models/httpclienterrors.js';
import { ResponseValidationError } from '@vercel/sdk/models/responsevalidationerror.js';
import { SDKValidationError } from '@vercel/sdk/models/sdkvalidationerror.js';
import { VercelError } from '@vercel/sdk/models/vercelerror.js';
import { z } from 'zod';

/**
 * The client of the Vercel domains API (decision 010), built on Vercel's own SDK,
 * `@vercel/sdk` (pinned; decision 010): the same calls go to api.vercel.com with HOSTING_TOKEN or to the
 * emulator (hosting-emulator.ts) without one, which answers what this SDK version validates. The SDK's
 * standalone functions are used with `VercelCore` (loading the whole `Vercel` class costs seconds at start).
 *
 * What the rest of Brigade sees is unchanged: the same methods and results (each result is checked once
 * more against our own schemas, which also drops fields we do not publish), and provider errors
 * `{error:{code,message}}` become BrigadeErrors carrying the provider's code upper-cased and its message
 * (404 not_found, 409 conflict, 400 validation, anything else unavailable). The token is held only in a
 * closure (the SDK's bearer callback), never in a readable field, an error or a log line: the SDK's error
 * messages (they quote the response body) are not used, and it gets no debugLogger (that prints headers).
 *
 * One call is not the SDK's and stays over fetch: a transfer-in (see createDomain for why).
 */
export interface HostingClientOptions {
  baseUrl: string;
  token: string;
  projectId: string;
  teamId?: string | undefined;
}

/** What a provider change answers after the PATCH (see updateDomain). */
export type DomainChange =
  | {
      op: 'update';
      renew?: boolean | undefined;
      customNameservers?: string[] | undefined;
      zone?: boolean | undefined;
    }
  | { op: 'move-out'; destination: string };

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
const domainChangeSchema = z.object({
  moved: z.boolean().optional(),
  token: z.string().optional(),
  renew: z.boolean().optional(),
  customNameservers: z.array(z.string().min(1)).optional(),
  zone: z.boolean().optional(),
});
const providerErrorSchema = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }),
});

type SdkResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** The provider's answer to a failed request as a BrigadeError, exactly as the fetch client made it. */
function providerError(status: number, body: string): BrigadeError {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const problem = providerErrorSchema.safeParse(json);
  const code = (problem.success ? problem.data.error.code : undefined) ?? 'hosting_error';
  const message =
    (problem.success ? problem.data.error.message : undefined) ?? `Hosting provider answered ${status}`;
  const kind =
    status === 404
      ? 'not_found'
      : status === 409
        ? 'conflict'
        : status === 400
          ? 'validation'
          : 'unavailable';
  return new BrigadeError(kind, code.toUpperCase(), message);
}

const badResponse = () =>
  new BrigadeError('unavailable', 'HOSTING_BAD_RESPONSE', 'Invalid response from the hosting provider');
const unreachable = () =>
  new BrigadeError('unavailable', 'HOSTING_UNREACHABLE', 'The hosting provider could not be reached');

/**
 * An SDK failure as a BrigadeError. Nothing of the SDK's error object is kept (its message repeats the
 * response body, its fields hold the raw response): only status, the provider's code and message.
 */
function sdkError(error: unknown): BrigadeError {
  // A 200 whose body the SDK's own schema refused (checked before VercelError: it is one).
  if (error instanceof ResponseValidationError) return badResponse();
  if (error instanceof VercelError) {
    // a 2xx the SDK did not take (not JSON, say) is a bad answer, not a provider error
    return error.statusCode < 300 ? badResponse() : providerError(error.statusCode, error.body);
  }
  // The SDK refused our request before sending it (e.g. a redirect status code Vercel does not offer).
  if (error instanceof SDKValidationError) {
    const issues =
      error.cause instanceof Error && 'issues' in error.cause && Array.isArray(error.cause.issues)
        ? (error.cause.issues as { path: (string | number)[]; message: string }[])
        : [];
    const detail = issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    return new BrigadeError(
      'validation',
      'HOSTING_INVALID_REQUEST',
      `The hosting provider does not accept this request${detail ? ` (${detail})` : ''}`,
    );
  }
  // Connection refused, timeout, aborted: the provider could not be asked.
  if (error instanceof HTTPClientError) return unreachable();
  return new BrigadeError('unavailable', 'HOSTING_ERROR', 'The hosting provider call failed');
}

/** The SDK's result; the rare failure it throws instead of returning is returned like the others. */
const outcome = <T>(call: Promise<SdkResult<T>>): Promise<SdkResult<T>> =>
  call.catch((error: unknown) => ({ ok: false, error }));

/** The SDK's value, checked against our schema; its failure as a BrigadeError. */
async function settle<T, S>(call: Promise<SdkResult<T>>, schema: z.ZodType<S>): Promise<S> {
  const result = await outcome(call);
  if (!result.ok) throw sdkError(result.error);
  const parsed = schema.safeParse(result.value);
  if (!parsed.success) throw badResponse();
  return parsed.data;
}

export class HostingClient {
  readonly #sdk: VercelCore;
  readonly #projectId: string;
  readonly #teamId: string | undefined;
  readonly #baseUrl: string;
  /** The bearer token, behind a function so that it never sits in an enumerable field. */
  readonly #token: () => Promise<string>;

  constructor(options: HostingClientOptions) {
    const { token } = options;
    this.#token = async () => token;
    this.#projectId = options.projectId;
    this.#teamId = options.teamId;
    this.#baseUrl = options.baseUrl;
    // No retries (the SDK's default): a provider failure is the answer, and setup's undo steps decide.
    this.#sdk = new VercelCore({ bearerToken: this.#token, serverURL: options.baseUrl });
  }

  /** The query every call carries: the team, when the platform's project belongs to one. */
  get #scope() {
    return this.#teamId ? { teamId: this.#teamId } : {};
  }

  addProjectDomain(name: string, redirect?: { to: string; statusCode: number }) {
    return settle(
      projectsAddProjectDomain(this.#sdk, {
        idOrName: this.#projectId,
        ...this.#scope,
        requestBody: {
          name,
          // The SDK knows Vercel's four codes (301, 302, 307, 308) and refuses others before sending.
          ...(redirect
            ? { redirect: redirect.to, redirectStatusCode: redirect.statusCode as 301 | 302 | 307 | 308 }
            : {}),
        },
      }),
      projectDomainSchema,
    );
  }
  getProjectDomain(name: string) {
    return settle(
      projectsGetProjectDomain(this.#sdk, { idOrName: this.#projectId, domain: name, ...this.#scope }),
      projectDomainSchema,
    );
  }
  verifyProjectDomain(name: string) {
    return settle(
      projectsVerifyProjectDomain(this.#sdk, { idOrName: this.#projectId, domain: name, ...this.#scope }),
      projectDomainSchema,
    );
  }
  removeProjectDomain(name: string) {
    return settle(
      projectsRemoveProjectDomain(this.#sdk, { idOrName: this.#projectId, domain: name, ...this.#scope }),
      z.object({}).loose(),
    );
  }
  getDomainConfig(name: string) {
    return settle(domainsGetDomainConfig(this.#sdk, { domain: name, ...this.#scope }), configSchema);
  }
  /**
   * The DNS records of a domain at the provider. Vercel names a record relative to the domain ('' for the
   * apex, `_vercel` for `_vercel.<domain>`); the result names it in full, as Brigade shows records.
   */
  async getDnsRecords(name: string) {
    const result = await outcome(dnsGetRecords(this.#sdk, { domain: name, ...this.#scope }));
    if (!result.ok) throw sdkError(result.error);
    // The SDK's answer is a union that includes a bare string (its schema's oneOf): not a list.
    if (typeof result.value === 'string') throw badResponse();
    const parsed = recordsSchema.safeParse({
      records: result.value.records.map((r) => ({
        type: r.type,
        name: r.name ? `${r.name}.${name}` : name,
        value: r.value,
        ...(r.ttl === undefined ? {} : { ttl: r.ttl }),
      })),
    });
    if (!parsed.success) throw badResponse();
    return parsed.data;
  }
  listDomains() {
    return settle(domainsGetDomains(this.#sdk, { ...this.#scope }), listSchema);
  }
  async getDomain(name: string): Promise<ProviderDomain> {
    const { domain } = await settle(
      domainsGetDomain(this.#sdk, { domain: name, ...this.#scope }),
      z.object({ domain: providerDomainSchema }),
    );
    return domain;
  }
  /**
   * A domain request. `add` and `move-in` go through the SDK (`POST /v7/domains`). A transfer-in
   * does not: since v7 Vercel no longer starts transfers there, and its registrar API's transfer
   * (`POST /v1/registrar/domains/{domain}/transfer`) needs the registrant's contact details, years and
   * auto-renew, which our domain request does not carry. So a transfer-in stays the request it always was,
   * `POST /v5/domains {name, method: 'transfer-in', authCode, expectedPrice}` over fetch, until our
   * request gains those fields.
   */
  async createDomain(request: DomainRequest): Promise<ProviderDomain> {
    if (request.method === 'transfer-in') return this.#legacyTransferIn(request);
    const requestBody =
      request.method === 'move-in'
        ? { name: request.name, method: request.method, ...(request.token ? { token: request.token } : {}) }
        : {
            name: request.name,
            method: request.method,
            ...(request.cdnEnabled === undefined ? {} : { cdnEnabled: request.cdnEnabled }),
            ...(request.zone === undefined ? {} : { zone: request.zone }),
          };
    const { domain } = await settle(
      domainsCreateOrTransferDomain(this.#sdk, { ...this.#scope, requestBody }),
      z.object({ domain: providerDomainSchema }),
    );
    return domain;
  }
  /** PATCH /domains/{domain}, operation update (renew, customNameservers, zone) or move-out. */
  updateDomain(name: string, change: DomainChange) {
    return settle(
      domainsPatchDomain(this.#sdk, { domain: name, ...this.#scope, requestBody: change }),
      domainChangeSchema,
    );
  }
  deleteDomain(name: string) {
    return settle(
      domainsDeleteDomain(this.#sdk, { domain: name, ...this.#scope }),
      z.object({ uid: z.string() }),
    );
  }

  /** The one request over fetch (see createDomain): same base URL, team and token as the SDK's. */
  async #legacyTransferIn(request: DomainRequest): Promise<ProviderDomain> {
    const url = new URL('/v5/domains', this.#baseUrl);
    if (this.#teamId) url.searchParams.set('teamId', this.#teamId);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await this.#token()}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(request),
      });
    } catch {
      throw unreachable();
    }
    const body = await response.text();
    if (!response.ok) throw providerError(response.status, body);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw badResponse();
    }
    const parsed = z.object({ domain: providerDomainSchema }).safeParse(json);
    if (!parsed.success) throw badResponse();
    return parsed.data.domain;
  }
}
