import type { FastifyServerOptions } from 'fastify';

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
  'res.headers["set-cookie"]',
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

// Query strings can carry one-time codes (the sign-in handoff sends ?token=…): mask their values in URLs.
const SECRET_QUERY = /([?&](?:token|code|password|sessionToken|apiKey|key)=)[^&#]*/gi;
export const maskUrl = (url: string) => url.replace(SECRET_QUERY, '$1[Redacted]');

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
    },
  };
}
