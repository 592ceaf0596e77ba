import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable } from '@brigade/core/db-errors';
import { type BrigadeError, type FieldError, isBrigadeError, STATUS_BY_KIND } from '@brigade/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: string;
  requestId: string;
  errors?: FieldError[];
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: string,
  detail: string | undefined,
  errors?: FieldError[],
): FastifyReply {
  const body: ProblemBody = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    code,
    requestId: String(reply.request.id),
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
  return reply.status(status).type('application/problem+json').send(body);
}

/** How long a client is asked to wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be reached (issue 42): the service is unavailable for a while, not broken by this
 * request, so 503 with Retry-After, the same answer /readyz gives, instead of a 500.
 */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendProblem(reply, 503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
}

const sendBrigadeError = (reply: FastifyReply, error: BrigadeError) => {
  const status = STATUS_BY_KIND[error.kind];
  const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  if (status >= 500) reply.request.log.error({ err: error, code: error.code }, 'request failed');
  // Our words about an outside service's failure are safe to show; anything else of ours at 5xx is not.
  if (error.kind === 'internal' || error.kind === 'unavailable')
    return sendProblem(reply, status, error.code, 'An unexpected error occurred.');
  return sendProblem(reply, status, error.code, error.message, error.errors);
};

/**
 * Maps every error to RFC 9457 problem details, in this one place (STYLE: one error type with codes).
 * Our own errors carry their status through `kind`; Fastify's client errors (bad JSON, wrong content type,
 * body too large) keep their status; a database that cannot be reached is a 503 with Retry-After; anything
 * else is a 500 whose body says nothing about internals.
 */
export function registerProblemDetails(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | BrigadeError, request: FastifyRequest, reply: FastifyReply) => {
    if (isBrigadeError(error)) return sendBrigadeError(reply, error);
    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendProblem(reply, status, (error as FastifyError).code ?? 'BAD_REQUEST', error.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return sendDatabaseUnavailable(reply);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, 500, 'INTERNAL', 'An unexpected error occurred.');
  });

  const allowedMethods = routeMethods(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      // The path exists, only not for this method (RFC 9110 §15.5.6): 405 with the methods it takes.
      reply.header('allow', allowed.join(', '));
      return sendProblem(
        reply,
        405,
        'METHOD_NOT_ALLOWED',
        `Method ${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
      );
    }
    return sendProblem(reply, 404, 'ROUTE_NOT_FOUND', `Route ${request.method} ${path} not found`);
  });
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods each registered path takes, for 405's Allow header. Catch-all routes (`*`) are left out: they
 * answer their own not-found pages, and a path is not "known" because a catch-all would look at it.
 */
function routeMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const source = route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods: [route.method].flat() });
  });
  return (path) => {
    const methods = new Set(
      routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods),
    );
    return METHOD_ORDER.filter((method) => methods.has(method));
  };
}
