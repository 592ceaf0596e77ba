import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * Log paths whose values never reach a log line (STANDARDS: secrets and card data are never logged).
 * pino's `*` matches one level, so each sensitive key is listed at the depths where our objects put it.
 */
const SENSITIVE_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'sessionToken',
  'accessToken',
  'refreshToken',
  'idToken',
  // Google OAuth's own names (token answers, refresh and revoke forms) and the PKCE verifier (decision 027).
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'codeVerifier',
  'code_verifier',
  'apiKey',
  'secret',
  'clientSecret',
  'authorization',
  'cookie',
  'cardNumber',
  'account',
  'cvv',
  'cvv2',
  'expiry',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-goog-api-key"]',
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

// Query strings can carry one-time codes (the sign-in handoff sends ?token=…): mask their values in URLs.
const SECRET_QUERY =
  /([?&](?:token|code|password|sessionToken|apiKey|key|access_token|refresh_token|code_verifier|client_secret)=)[^&#]*/gi;
export const maskUrl = (url: string) => url.replace(SECRET_QUERY, '$1[Redacted]');

// What a database error carries besides its SQL text and SQLSTATE: the query's parameters (Drizzle), and
// pg / PGlite fields that quote stored or sent values (`Key (email)=(…) already exists.`, the JSON text).
const VALUE_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'hint']);
const MAX_CAUSES = 5;

const isErrorLike = (value: unknown): value is Error & Record<string, unknown> =>
  value instanceof Error ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as Error).message === 'string' &&
    'stack' in value);

const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';

/**
 * An error's message without the values it quotes. Drizzle writes "Failed query: <sql>\nparams: <values>";
 * PostgreSQL ends some messages with the offending value (`invalid input syntax for type uuid: "…"`).
 */
function safeMessage(error: Error & Record<string, unknown>): string {
  if (typeof error.query === 'string' && error.message.startsWith('Failed query: '))
    return `Failed query: ${error.query}`;
  if (isDatabaseError(error)) return error.message.replace(/: ".*"$/s, ': [Redacted]');
  return error.message;
}

function safeStack(error: Error, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  if (message === error.message) return error.stack;
  if (error.stack.includes(error.message)) return error.stack.replace(error.message, message);
  // The stack no longer holds the message verbatim: keep its frames only.
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

/**
 * pino's `err` serializer (decision 016): the error's type, message, stack, own fields and causes, with the
 * values a failed query carried left out, so a log line never holds what a user sent or what is stored.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!isErrorLike(value)) return value;
  const message = safeMessage(value);
  const out: Record<string, unknown> = {
    type: value.constructor?.name || value.name,
    message,
    stack: safeStack(value, message),
  };
  for (const key of Object.keys(value)) {
    if (key in out || key === 'cause' || VALUE_KEYS.has(key)) continue;
    const field = value[key];
    out[key] = Array.isArray(field)
      ? field.map((entry) => (isErrorLike(entry) ? serializeError(entry, depth + 1) : entry))
      : isErrorLike(field)
        ? serializeError(field, depth + 1)
        : field;
  }
  if (value.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(value.cause, depth + 1);
  return out;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      err: (error: unknown) => serializeError(error) as { type: string; message: string; stack: string },
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
    },
  };
}

/** The binding Fastify gives every request's child logger (its default `requestIdLogLabel`). */
export const REQUEST_ID_LOG_KEY = 'reqId';

/**
 * Lets the request id binding skip the redaction (issue 20). With paths beginning `*.`, pino runs every
 * binding through the redactor, and it walks all the paths even for a string: ~3 µs on every request, for
 * Fastify's child logger of the request. The id is a string (ours, or a caller's checked against
 * /^[A-Za-z0-9._-]+$/), which no path can reach into, so it is written as pino writes any unredacted value:
 * the log lines are the same. Every other key, in bindings and in log calls, is redacted as before.
 */
export function skipRedactionOfRequestIds(logger: object): void {
  const own = logger as Record<symbol, unknown>;
  const stringifiers = own[pino.symbols.stringifiersSym] as Record<string, unknown> | undefined;
  const stringify = own[pino.symbols.stringifySym];
  if (stringifiers && typeof stringify === 'function') stringifiers[REQUEST_ID_LOG_KEY] = stringify;
}
