import { DEVELOPMENT_APP_ORIGINS } from '@brigade/domain/return-url';
import { z } from 'zod';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], { error: 'must be development, test or production' })
    .default('development'),
  // spec 01 §2.8: the api service's development port is 3002.
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .default(3002),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BRIGADE_DATA_DIR: z.string().min(1, 'must not be empty').default('./.data'),
  DATABASE_POOL_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).max(500).default(10),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  BRIGADE_SEED_DEMO: booleanFlag(true),
  TRUST_PROXY: booleanFlag(false),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://brigade.example.com' }).optional(),
  AUTH_APP_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .optional(),
  BRIGADE_APP_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.url({ error: 'must be a comma-separated list of origins such as https://manage.example.com' }),
        )
        .optional(),
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Brigade <no-reply@brigade.local>'),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  poolMax: number;
  logLevel: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Where people reach this deployment (production); reset links and allowed origins derive from it. */
  publicUrl: string | undefined;
  /** A second port that serves the auth app at /auth/ (spec 01 §2.8: auth on 3000 in development). */
  authAppPort: number | undefined;
  /** Origins of Brigade's apps: where sign-in may return to and which browser origins may write. */
  appOrigins: string[];
  /** The auth app's address (spec 01 §2.7: the auth service, default path /auth). */
  authUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Session cookies get the Secure flag everywhere but plain-HTTP development and tests. */
  secureCookies: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads the configuration from environment variables and checks it at boot, so that a typo stops the
 * process with a message naming the variable instead of failing later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const authAppPort = c.AUTH_APP_PORT ?? (c.NODE_ENV === 'development' ? 3000 : undefined);
  const publicOrigin = c.PUBLIC_URL ? new URL(c.PUBLIC_URL).origin : undefined;
  const localOrigins = (port: number | undefined) =>
    port ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`] : [];
  const appOrigins = [
    ...new Set([
      ...(c.BRIGADE_APP_ORIGINS ?? (c.NODE_ENV === 'production' ? [] : DEVELOPMENT_APP_ORIGINS)),
      ...(publicOrigin ? [publicOrigin] : []),
      ...(c.NODE_ENV === 'production' ? [] : [...localOrigins(c.PORT), ...localOrigins(authAppPort)]),
    ]),
  ].map((origin) => new URL(origin).origin);
  const authUrl = publicOrigin ? `${publicOrigin}/auth` : `http://localhost:${authAppPort ?? c.PORT}/auth`;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    // Production listens on every interface (behind a load balancer); development stays on this machine.
    host: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: c.DATABASE_URL,
    dataDir: c.BRIGADE_DATA_DIR,
    poolMax: c.DATABASE_POOL_MAX,
    logLevel: c.LOG_LEVEL,
    seedDemo: c.BRIGADE_SEED_DEMO,
    trustProxy: c.TRUST_PROXY,
    publicUrl: c.PUBLIC_URL,
    authAppPort,
    appOrigins,
    authUrl,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    secureCookies: c.NODE_ENV === 'production' || (c.PUBLIC_URL?.startsWith('https://') ?? false),
  };
}
