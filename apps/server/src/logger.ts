import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * Names whose values never reach a log line (STANDARDS: secrets and card data are never logged), looked for
 * in every logged object to four levels (`redacted` below).
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
  // Twilio's auth token (docs/operations/sms.md), a CDN's purge token (docs/operations/cdn.md)
  'authToken',
  'apiToken',
  'fastly-key',
  'secret',
  'clientSecret',
  'authorization',
  'cookie',
  'cardNumber',
  'account',
  'cvv',
  'cvv2',
  'expiry',
  // register passcodes (docs/behaviour/time-clock.md): never logged, even by a body that is
  'passcode',
  'passcodeHash',
  'passcode_hash',
];

/** Names whose values never reach a log line wherever they appear (headers included). */
const SENSITIVE = new Set([...SENSITIVE_KEYS, 'x-api-key', 'x-goog-api-key', 'set-cookie', 'x-pos-device']);
const CENSOR = '[Redacted]';
/**
 * How deep in a logged object sensitive names are looked for: four levels, such as `body.items[0].token`
 * (pino's paths before reached three).
 */
const REDACT_DEPTH = 4;

const isWalkable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  !(value instanceof Date) &&
  !(value instanceof Map) &&
  !(value instanceof Set);

/**
 * `value` with every sensitive name's value replaced by "[Redacted]", `depth` levels down (decision 016).
 * Copy on write: an object with nothing to hide is returned as it is, so a log call costs a walk over its
 * fields (issue 20: pino's own `redact`, with paths beginning `*.`, took ~60 µs a line). A copy keeps own
 * enumerable fields only, which is all JSON writes of it.
 */
export function redacted<T>(value: T, depth = REDACT_DEPTH, skip?: ReadonlySet<string>): T {
  if (depth === 0 || !isWalkable(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || skip?.has(key)) continue;
    const field = value[key];
    const next = SENSITIVE.has(key) && field !== undefined ? CENSOR : redacted(field, depth - 1);
    if (next === field) continue;
    copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
    copy[key] = next;
  }
  return (copy ?? value) as T;
}

/** Keys whose serializers below write only what is safe (the error's is redacted in its serializer). */
const SERIALIZED = new Set(['req', 'res', 'err']);

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
    formatters: {
      // Every line and every child logger's bindings go through `redacted` (not pino's `redact`: see there).
      log: (object: Record<string, unknown>) => redacted(object, REDACT_DEPTH, SERIALIZED),
      bindings: (bindings: Record<string, unknown>) => redacted(bindings),
    },
    serializers: {
      err: (error: unknown) =>
        redacted(serializeError(error), REDACT_DEPTH - 1) as { type: string; message: string; stack: string },
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
      // Fastify's own, written out: the log formatter leaves `res` to it
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/**
 * A child logger's bindings do not pass the log formatter (pino formats them once, when the child is made):
 * their sensitive names are written as "[Redacted]" by pino's per-name stringifiers instead. Call it on the
 * logger made from `loggerOptions` (app.ts does); children share the parent's stringifiers.
 */
export function redactBindings(logger: object): void {
  const stringifiers = (logger as Record<symbol, unknown>)[pino.symbols.stringifiersSym] as
    | Record<string, (value: unknown) => string>
    | undefined;
  if (!stringifiers) throw new Error('redactBindings: not a pino logger');
  const censored = JSON.stringify(CENSOR);
  for (const name of SENSITIVE) stringifiers[name] = () => censored;
}

/** The binding Fastify gives every request's child logger (its default `requestIdLogLabel`). */
export const REQUEST_ID_LOG_KEY = 'reqId';
