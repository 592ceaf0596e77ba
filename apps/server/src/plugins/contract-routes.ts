import {
  API_BASE_PATH,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
} from '@brigade/contracts/endpoint';
import type { Change } from '@brigade/core/changes/change-feed';
import { applicationTenantFiltersOn, visibleTenantsOf } from '@brigade/core/tenant-scope';
import type { Db } from '@brigade/db/database';
import { type WallContext, withinWalls } from '@brigade/db/tenant-walls';
import { type AccessDecision, type Actor, decideAccess } from '@brigade/domain/access';
import { type FieldError, fieldErrorsOf, validationErrorOf } from '@brigade/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { sendProblem } from './problem-details';

export interface HandlerContext<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  actor: Actor;
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * For `outside` endpoints only: the tenants, actor and request the handler's own short transactions run
   * under (withinWalls), since the request as a whole runs in none.
   */
  walls: WallContext | null;
}

/**
 * A result the handler has already written as JSON (issue 20: an answer it gives again and again, such as the
 * signed-in user of a session held in memory, is serialised once). `json` is `JSON.stringify(value)`, what
 * Fastify would have written; outside production `value` is checked against the contract as any result is.
 */
export class JsonAnswer<T = unknown> {
  readonly json: string;
  constructor(readonly value: T) {
    this.json = JSON.stringify(value);
  }
}

export interface Implementation<E extends Endpoint = Endpoint> {
  endpoint: E;
  handle(
    context: HandlerContext<E>,
  ): Promise<ResultOf<E> | JsonAnswer<ResultOf<E>>> | ResultOf<E> | JsonAnswer<ResultOf<E>>;
}

/**
 * The success envelope every JSON answer is wrapped in, `{ success: true, data, ...extra }`
 * (docs/behaviour/README.md#requests-and-responses): the value side of the contracts' `successOf`, and the one
 * way a handler builds it. `extra` holds the fields beside the data (a page's nextCursor, a session token).
 */
export const success = <Data, Extra extends object = Record<never, never>>(
  data: Data,
  extra?: Extra & { success?: never; data?: never },
): { success: true; data: Data } & Extra => ({ success: true, data, ...(extra as Extra) });

/** Pairs a contract with its handler; the handler's input and output types come from the contract. */
export const implement = <E extends Endpoint>(
  endpoint: E,
  handle: Implementation<E>['handle'],
): Implementation => ({ endpoint, handle }) as unknown as Implementation;

const toFastifyPath = (path: string) =>
  API_BASE_PATH + (path === '/' ? '' : path.replace(/\{(\w+)\}/g, ':$1'));

/**
 * Registers one route per contract endpoint. Each request is checked in this order: access (before
 * anything is looked up, so a caller without access learns nothing), then params, query and body against
 * the contract's schemas (400 with the schemas' messages verbatim), then the handler runs. Outside
 * production the response is checked against the contract too, so drift fails tests loudly.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  endpoints: readonly Endpoint[],
  implementations: readonly Implementation[],
  deps: AppDeps,
): void {
  const byId = new Map(implementations.map((impl) => [impl.endpoint.id, impl]));
  const missing = endpoints.filter((endpoint) => !byId.has(endpoint.id)).map((endpoint) => endpoint.id);
  if (missing.length > 0) throw new Error(`Endpoints without an implementation: ${missing.join(', ')}`);
  const checkResponses = deps.config.env !== 'production';

  for (const endpoint of endpoints) {
    const impl = byId.get(endpoint.id)!;
    app.route({
      method: endpoint.method,
      url: toFastifyPath(endpoint.path),
      handler: async (request, reply) => {
        const actor = request.actor;
        const rawParams = request.params as Record<string, string>;
        const tenantId = rawParams.tenantId === undefined ? undefined : Number(rawParams.tenantId);
        // a route that names a restaurant is also one of the restaurants the caller works at (issue 45 item 15)
        const restaurantId =
          rawParams.restaurantId === undefined ? undefined : Number(rawParams.restaurantId);
        const decision = accessOf(actor, endpoint, tenantId, restaurantId);
        if (decision === 'unauthenticated')
          return sendProblem(reply, 401, 'UNAUTHENTICATED', 'Sign-in required');
        if (decision === 'forbidden')
          return sendProblem(reply, 403, 'FORBIDDEN', 'You do not have access to this');

        const { params, query, body } = parseInput(endpoint, request);
        const outside = endpoint.outside === true;
        const walls = outside ? wallContextOf(endpoint, request, true) : wallsOf(endpoint, request);
        const handle = async (handlerDeps: AppDeps): Promise<unknown> =>
          impl.handle({
            params,
            query,
            body,
            actor,
            deps: handlerDeps,
            request,
            reply,
            walls: outside ? walls : null,
          } as never);
        const result =
          walls && !outside
            ? await withinWalls(deps.database.db, walls, (tx) => handle(depsWithin(deps, tx)))
            : await handle(deps);
        // The write committed: this process's caches hear it before the writer can ask again (decision 011).
        const change = changeOf(endpoint, params as Record<string, unknown> | undefined);
        if (change) deps.changes.publish(change);
        if (reply.sent) return reply;
        reply.status(endpoint.response.status);
        if (endpoint.response.status === 204 || !endpoint.response.schema) return reply.send();
        const answer = result instanceof JsonAnswer ? result.value : result;
        if (checkResponses) {
          const checked = endpoint.response.schema.safeParse(answer);
          if (!checked.success) {
            request.log.error(
              { issues: checked.error.issues, endpoint: endpoint.id },
              'response does not match its contract',
            );
            throw new Error(`Response of ${endpoint.id} does not match its contract`);
          }
        }
        if (result instanceof JsonAnswer) return reply.type(JSON_TYPE).send(result.json);
        return reply.send(result);
      },
    });
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The request's params, query and body by the contract's schemas; every field's error at once (a 400). */
function parseInput(
  endpoint: Endpoint,
  request: FastifyRequest,
): { params: unknown; query: unknown; body: unknown } {
  const schemas = endpoint.request;
  if (!schemas) return { params: undefined, query: undefined, body: undefined };
  const errors: FieldError[] = [];
  const params = parseField(schemas.params, request.params, 'params', errors);
  const query = parseField(schemas.query, request.query, 'query', errors);
  const body = parseField(schemas.body, request.body, '', errors);
  parseField(schemas.headers, request.headers, 'headers', errors);
  if (errors.length > 0) throw validationErrorOf(errors);
  return { params, query, body };
}

function parseField(schema: z.ZodType | undefined, value: unknown, prefix: string, errors: FieldError[]) {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  errors.push(...fieldErrorsOf(result.error.issues, prefix));
  return undefined;
}

/** decideAccess, except inside the isolation matrix's test that switches the application's tenant check off. */
function accessOf(
  actor: Actor,
  endpoint: Endpoint,
  tenantId: number | undefined,
  restaurantId: number | undefined,
): AccessDecision {
  if (endpoint.access.kind === 'tenant' && !applicationTenantFiltersOn()) {
    return actor.kind === 'anonymous' ? 'unauthenticated' : actor.isActive ? 'allow' : 'forbidden';
  }
  return decideAccess(actor, endpoint.access, tenantId, restaurantId);
}

// Areas whose writes never touch a tenant's tables: they run without a transaction of their own (sign-in
// must keep its failure count when it answers 401; an upload must not hold a connection while it resizes).
/**
 * The transaction a request runs in (decisions 018 and 019), or null for none:
 * - a tenant route called by the tenant's own staff sees only the caller's tenants (row-level security);
 * - every other write sees all tenants but names who acts, so the audit log's trigger can record it;
 * - other reads (public pages, site administrators, signed-in lookups) run as before, outside one.
 */
export function wallsOf(endpoint: Endpoint, request: FastifyRequest): WallContext | null {
  const actor = request.actor;
  const walledIn =
    endpoint.access.kind === 'tenant' && actor.kind === 'user' && !(actor.isSiteAdmin && actor.isActive);
  const audited = endpoint.method !== 'GET' && endpoint.audit !== false;
  if (!walledIn && !audited) return null;
  return wallContextOf(endpoint, request, walledIn);
}

/** The context of a request's transactions: the caller's tenants when walled in, else all; who and which route. */
function wallContextOf(endpoint: Endpoint, request: FastifyRequest, walledIn: boolean): WallContext {
  const actor = request.actor;
  walledIn &&=
    endpoint.access.kind === 'tenant' && actor.kind === 'user' && !(actor.isSiteAdmin && actor.isActive);
  return {
    tenants: walledIn ? visibleTenantsOf(actor) : 'all',
    actor:
      actor.kind === 'user' && request.auth
        ? { id: actor.userId, email: request.auth.user.email }
        : undefined,
    request: {
      id: request.id,
      endpoint: endpoint.id,
      method: endpoint.method,
      path: request.url.split('?')[0]!,
    },
  };
}

/** The handler's deps inside a request's transaction: every database handle it can reach is that transaction. */
function depsWithin(deps: AppDeps, tx: Db): AppDeps {
  return {
    ...deps,
    database: { ...deps.database, db: tx },
    identity: { ...deps.identity, db: tx },
  };
}

/**
 * What a successful write changed, for the change feed: the area its contract declares (`changes`), and the
 * tenant and restaurant of its path. Null for reads and for writes that declare `'none'`.
 */
export function changeOf(endpoint: Endpoint, params: Record<string, unknown> | undefined): Change | null {
  if (endpoint.changes === undefined || endpoint.changes === 'none') return null;
  const change: Change = { area: endpoint.changes };
  const tenantId = params?.tenantId;
  const restaurantId = params?.restaurantId;
  if (typeof tenantId === 'number') {
    change.tenantId = tenantId;
    if (typeof restaurantId === 'number') change.restaurantId = restaurantId;
  }
  return change;
}
