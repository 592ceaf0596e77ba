import type { AccessRequirement } from '@brigade/domain/access';
import type { ChangeArea } from '@brigade/domain/change-areas';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type WriteMethod = Exclude<HttpMethod, 'GET'>;

/**
 * One API endpoint, declared once (docs/decisions/003-contracts-package.md): the server registers its route
 * from this, validates requests and responses with these schemas, enforces `access`, and OpenAPI is
 * generated from it. The tenant-isolation test matrix walks every endpoint declared here.
 */
export type Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> = EndpointFields<Params, Query, Body, Response> & (ReadEndpoint | WriteEndpoint);

interface EndpointFields<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
> {
  /** Unique and stable: the OpenAPI operationId and the generated client's method name. */
  id: string;
  /** Relative to /api/v1, OpenAPI style: `/tenants/{tenantId}/restaurants/{restaurantId}/items`. */
  path: string;
  summary: string;
  description?: string;
  /** How OpenAPI groups the endpoint (what a write changes is `changes`, not its tag). */
  tags: string[];
  access: AccessRequirement;
  request?: {
    params?: Params;
    query?: Query;
    body?: Body;
    /** Request headers the endpoint needs (lower-case names), e.g. `idempotency-key`; others pass untouched. */
    headers?: z.ZodType;
  };
  response: { status: 200 | 201 | 202 | 204; description: string; schema?: Response };
  /** Problem statuses this endpoint documents besides 400/401/403/500. */
  problems?: number[];
}

interface ReadEndpoint {
  method: 'GET';
  changes?: undefined;
  /**
   * No request-long transaction (see WriteEndpoint.outside): the read calls an outside service, or answers
   * from memory when it can and opens its own short transaction under the request's walls when it cannot.
   */
  outside?: true;
}

interface WriteEndpoint {
  method: WriteMethod;
  /**
   * What a successful write changes, for the change feed (docs/decisions/011-change-feed.md): the server
   * publishes this area, with the path's tenant and restaurant, before it answers, so this process's caches
   * never serve the writer something older than its write. `'none'` for writes no cache follows (sign-in,
   * user administration). Required on every write, so a new one cannot skip invalidation by forgetting it.
   */
  changes: ChangeArea | 'none';
  /**
   * Writes run in one transaction that names the caller, request and route for the audit log's triggers
   * (docs/decisions/019-audit-log.md). `false` for writes that change no tenant's data and must not run in
   * one transaction: sign-in and its relatives commit their attempt counts even when they refuse, uploads
   * stream files, the site configuration is the platform's.
   */
  audit?: false;
  /**
   * The write calls an outside service (a payment gateway) that may take many seconds: it must not run inside
   * one request-long transaction. The handler gets the request's wall context instead and runs each of its
   * database steps in a short transaction of its own (`HandlerContext.walls`).
   */
  outside?: true;
}

export const defineEndpoint = <
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodNever,
>(
  endpoint: Endpoint<Params, Query, Body, Response>,
) => endpoint;

export const API_BASE_PATH = '/api/v1';

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.output<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
/** What a handler returns: the response schema's input (e.g. Date values that serialise to ISO strings). */
export type ResultOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R>
    ? R extends z.ZodNever
      ? // biome-ignore lint/suspicious/noConfusingVoidType: handlers of bodiless responses return nothing.
        void
      : z.input<R>
    : never;
