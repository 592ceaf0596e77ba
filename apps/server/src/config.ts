import { isIP } from 'node:net';
import { parseSecretsKey } from '@brigade/core/secrets/sealed-box';
import { KIOSK_ORDER_LIMIT } from '@brigade/domain/pos/kiosk';
import { DEVELOPMENT_APP_ORIGINS } from '@brigade/domain/return-url';
import { z } from 'zod';
import {
  businessListingConfigOf,
  businessListingEnvironment,
  businessListingProblems,
} from './config-business-listing';
import { cdnConfigOf, cdnEnvironment, cdnProblems } from './config-cdn';
import { checkoutLimitsOf, limitsEnvironment } from './config-limits';
import { llmConfigOf, llmEnvironment } from './config-llm';
import { platformConfigOf, platformEnvironment, platformProblems } from './config-platform';
import { retentionEnvironment, retentionOf } from './config-retention';
import { smsConfigOf, smsEnvironment, smsProblems } from './config-sms';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

const milliseconds = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(0, 'must be a number of milliseconds')
    .max(3_600_000, 'must be at most 3600000 (an hour)')
    .default(fallback);

/** A PostgreSQL URL, or unset (blank counts as unset). */
const postgresUrl = () =>
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined));

/** A print bridge on the register's own machine, over http or https, on any port. */
const PRINT_BRIDGE_DEFAULT_SOURCES =
  'http://127.0.0.1:* http://localhost:* https://127.0.0.1:* https://localhost:*';
/** A CSP source naming a scheme and host (a name, `*.` and a name, an IPv4 or a bracketed IPv6), and a port or `*`. */
const PRINT_BRIDGE_SOURCE =
  /^https?:\/\/(\*\.)?([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:]+\])(:(\d{1,5}|\*))?$/;

const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], { error: 'must be development, test or production' })
    .default('development'),
  // The api service's development port is 3002.
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .default(3002),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: postgresUrl(),
  // The owner's URL for migrations, when DATABASE_URL is the application's non-owner role (decision 018).
  DATABASE_MIGRATION_URL: postgresUrl(),
  // PostgreSQL straight, when DATABASE_URL goes through a pooler: LISTEN and session locks (decision 064).
  DATABASE_LISTEN_URL: postgresUrl(),
  BRIGADE_DATA_DIR: z.string().min(1, 'must not be empty').default('./.data'),
  DATABASE_POOL_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).max(500).default(10),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  BRIGADE_SEED_DEMO: booleanFlag(true),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null)
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true or the proxies’ addresses (e.g. loopback or 10.0.0.5,10.1.0.0/16)',
        });
      return parsed ?? false;
    }),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://brigade.example.com' }).optional(),
  AUTH_APP_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .optional(),
  ADMIN_APP_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .optional(),
  MANAGEMENT_APP_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .optional(),
  MENU_APP_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int()
    .min(0)
    .max(65535, 'must be a port number')
    .optional(),
  SITE_PORT: z.coerce
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
  ...platformEnvironment,
  // The hosting provider's domains API (Vercel); without a token the built-in emulator answers.
  HOSTING_API_URL: z
    .url({ error: 'must be a URL such as https://api.vercel.com' })
    .default('https://api.vercel.com'),
  HOSTING_TOKEN: z.string().min(1).optional(),
  HOSTING_PROJECT_ID: z.string().min(1).default('brigade'),
  HOSTING_TEAM_ID: z.string().min(1).optional(),
  // Name servers of domain ownership checks ("ip" or "ip:port", comma-separated); the system's when unset.
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$|^[0-9a-f:]+$/i,
            'must be a comma-separated list of IP addresses, each with an optional :port',
          ),
      ),
    ),
  // Secrets kept at rest (gateway credentials): 32 bytes, base64. Development generates one in the data dir.
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || parseSecretsKey(value) !== null, {
      message: 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
    }),
  // The CardPointe gateway (docs/operations/cardpointe.md): the local emulator unless switched off; production
  // talks to each merchant account's site unless CARDPOINTE_URL sends every account elsewhere.
  CARDPOINTE_EMULATOR: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  CARDPOINTE_URL: z.url({ error: 'must be a URL such as https://fts-uat.cardconnect.com' }).optional(),
  CARDPOINTE_TIMEOUT_MS: milliseconds(35_000),
  CARDPOINTE_RECONCILE_PAUSE_MS: milliseconds(1_000),
  // How long a payment or an order in checkout may go without a change before the checkout sweep settles it
  // (docs/behaviour/ordering.md): longer than a gateway call and its reconciliation take.
  CHECKOUT_QUIET_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).default(120),
  // Where a register may call its print bridge (docs/operations/print-bridge.md): CSP sources, by spaces or
  // commas; by default the register's own machine.
  PRINT_BRIDGE_SOURCES: z
    .string()
    .default(PRINT_BRIDGE_DEFAULT_SOURCES)
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(PRINT_BRIDGE_SOURCE, {
          error: 'must be sources such as https://192.168.1.20:9111, separated by spaces or commas',
        }),
      ),
    ),
  GATEWAY_REPORTS_PAUSE_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(60_000)
    .default(250),
  // How long a kiosk order to pay at the counter waits before it is closed as abandoned, if its business day
  // has not ended first (docs/behaviour/kiosk.md, decision 062).
  KIOSK_UNPAID_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1440).default(120),
  // Google Places API (New) (docs/operations/places.md): the key stays on the server; without one the
  // built-in emulator answers outside production, and places calls answer 503 in production.
  GOOGLE_PLACES_API_KEY: z.string().trim().min(1, 'must not be empty').optional(),
  GOOGLE_PLACES_URL: z
    .url({ error: 'must be a URL such as https://places.googleapis.com/v1' })
    .default('https://places.googleapis.com/v1'),
  GOOGLE_PLACES_TIMEOUT_MS: milliseconds(10_000),
  // What outsiders can make the platform spend: checkout counts, Places searches (config-limits.ts).
  ...limitsEnvironment,
  ...retentionEnvironment,
  // The language model of AI review-reply drafts (config-llm.ts, docs/operations/llm.md).
  ...llmEnvironment,
  ...businessListingEnvironment,
  // Text messages: alerts about orders nobody accepted (config-sms.ts, docs/operations/sms.md).
  ...smsEnvironment,
  // A CDN in front of the public sites: surrogate keys and purges (config-cdn.ts, docs/operations/cdn.md).
  ...cdnEnvironment,
  IMAGE_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  BRIGADE_MEDIA_DIR: z.string().min(1, 'must not be empty').default('./.data/media'),
  BRIGADE_MEDIA_URL: z.url({ error: 'must be a URL such as https://brigade.example.com/media' }).optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ error: 'must be a URL such as https://cdn.example.com' }).optional(),
  // Slow clients are cut (issue 14, decision 017): limits of every listening port.
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000).pipe(z.number().min(1, 'must be at least 1')),
  HTTP_IDLE_TIMEOUT_MS: milliseconds(30_000),
  HTTP_TIMEOUT_CHECK_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(10, 'must be at least 10')
    .max(60_000, 'must be at most 60000')
    .default(1_000),
});

import type { Config, MediaConfig, TrustProxy } from './config-types';

export type { Config, HttpLimits, LlmConfig, MediaConfig, TrustProxy } from './config-types';

const PROXY_ADDRESS_GROUPS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: false | true | comma-separated proxy addresses, CIDR ranges or proxy-addr's groups
 * (loopback, linklocal, uniquelocal); null when it is none of them. Fastify 5 ignores hop counts (a number
 * cannot tell a proxy from a client), so there are none here.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_ADDRESS_GROUPS.has(entry)) return true;
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Environment = z.infer<typeof configSchema>;
type AppPorts = Pick<
  Config,
  'authAppPort' | 'adminAppPort' | 'managementAppPort' | 'menuAppPort' | 'sitePort'
>;

/**
 * Reads the configuration from environment variables and checks it at boot, so that a typo stops the
 * process with a message naming the variable instead of failing later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const c = parseEnvironment(env);
  checkCombinations(c, env);
  const ports = appPortsOf(c);
  const publicOrigin = c.PUBLIC_URL ? new URL(c.PUBLIC_URL).origin : undefined;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    // Production listens on every interface (behind a load balancer); development stays on this machine.
    host: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: c.DATABASE_URL,
    migrationUrl: c.DATABASE_MIGRATION_URL,
    listenUrl: c.DATABASE_LISTEN_URL,
    dataDir: c.BRIGADE_DATA_DIR,
    poolMax: c.DATABASE_POOL_MAX,
    logLevel: c.LOG_LEVEL,
    seedDemo: c.BRIGADE_SEED_DEMO,
    trustProxy: c.TRUST_PROXY,
    publicUrl: c.PUBLIC_URL,
    ...ports,
    appOrigins: appOriginsOf(c, ports, publicOrigin),
    // Without PUBLIC_URL, links in mail (invitations, password resets) name the address the start-up banner
    // prints (127.0.0.1 by default), so the session the reader has there is the one the link finds.
    authUrl: publicOrigin
      ? `${publicOrigin}/auth`
      : `http://${linkHostOf(c.HOST)}:${ports.authAppPort ?? c.PORT}/auth`,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    secureCookies: c.NODE_ENV === 'production' || (c.PUBLIC_URL?.startsWith('https://') ?? false),
    ...platformConfigOf(c),
    dnsServers: c.DNS_SERVERS,
    hosting: c.HOSTING_TOKEN
      ? {
          apiUrl: c.HOSTING_API_URL,
          token: c.HOSTING_TOKEN,
          projectId: c.HOSTING_PROJECT_ID,
          teamId: c.HOSTING_TEAM_ID,
        }
      : null,
    hostingProjectId: c.HOSTING_PROJECT_ID,
    media: mediaConfigOf(c, publicOrigin),
    secretsKey: c.SECRETS_KEY ? (parseSecretsKey(c.SECRETS_KEY) ?? undefined) : undefined,
    checkoutQuietSeconds: c.CHECKOUT_QUIET_SECONDS,
    gatewayReportsPauseMs: c.GATEWAY_REPORTS_PAUSE_MS,
    printBridgeSources: c.PRINT_BRIDGE_SOURCES,
    kioskUnpaidMinutes: c.KIOSK_UNPAID_MINUTES,
    retention: retentionOf(c),
    cardpointe: {
      emulator:
        (c.CARDPOINTE_EMULATOR ?? (c.NODE_ENV === 'production' || c.CARDPOINTE_URL ? 'off' : 'on')) === 'on',
      url: c.CARDPOINTE_URL ? new URL(c.CARDPOINTE_URL).origin : undefined,
      timeoutMs: c.CARDPOINTE_TIMEOUT_MS,
      reconcilePauseMs: c.CARDPOINTE_RECONCILE_PAUSE_MS,
    },
    places: {
      apiKey: c.GOOGLE_PLACES_API_KEY,
      emulator: !c.GOOGLE_PLACES_API_KEY && c.NODE_ENV !== 'production',
      url: c.GOOGLE_PLACES_URL.replace(/\/+$/, ''),
      timeoutMs: c.GOOGLE_PLACES_TIMEOUT_MS,
      dailySearchesPerTenant: c.PLACES_DAILY_SEARCHES_PER_TENANT,
    },
    checkoutLimits: checkoutLimitsOf(c),
    kioskOrderLimit: { ...KIOSK_ORDER_LIMIT, ordersPerDevice: c.KIOSK_ORDERS_PER_DEVICE },
    llm: llmConfigOf(c, c.NODE_ENV),
    sms: smsConfigOf(c),
    cdn: cdnConfigOf(c),
    businessListing: businessListingConfigOf(c),
    http: {
      headersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: c.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: c.HTTP_IDLE_TIMEOUT_MS,
      timeoutCheckIntervalMs: c.HTTP_TIMEOUT_CHECK_INTERVAL_MS,
    },
  };
}

/** The host links name when no PUBLIC_URL is set: the listening address, or loopback for "every interface". */
const linkHostOf = (host: string | undefined) =>
  !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

/** Every variable checked at once; all the problems in one message, each naming its variable. */
function parseEnvironment(env: NodeJS.ProcessEnv): Environment {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '?');
    return `  ${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Rules between variables, which one variable's schema cannot state. */
function checkCombinations(c: Environment, env: NodeJS.ProcessEnv): void {
  if (c.IMAGE_STORAGE === 's3') {
    const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
      (name) => !c[name as keyof typeof c],
    );
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((n) => `  ${n}: required when IMAGE_STORAGE is s3`).join('\n')}`,
      );
  }
  const problems = [
    ...businessListingProblems(c),
    ...platformProblems(c),
    ...smsProblems(c),
    ...cdnProblems(c),
  ];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  if (c.HTTP_REQUEST_TIMEOUT_MS > 0 && c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS) {
    // Node refuses a headers limit above the request limit (the head is part of the request).
    throw new ConfigError(
      `Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS (${c.HTTP_REQUEST_TIMEOUT_MS}) (got ${JSON.stringify(env.HTTP_HEADERS_TIMEOUT_MS)})`,
    );
  }
}

/** In development each app has its own port unless set; elsewhere only the ones set. */
function appPortsOf(c: Environment): AppPorts {
  const devPort = (value: number | undefined, fallback: number) =>
    value ?? (c.NODE_ENV === 'development' ? fallback : undefined);
  return {
    authAppPort: devPort(c.AUTH_APP_PORT, 3000),
    adminAppPort: devPort(c.ADMIN_APP_PORT, 3001),
    managementAppPort: devPort(c.MANAGEMENT_APP_PORT, 3005),
    menuAppPort: devPort(c.MENU_APP_PORT, 3003),
    sitePort: devPort(c.SITE_PORT, 3004),
  };
}

/**
 * The origins of Brigade's apps: BRIGADE_APP_ORIGINS (else the development ones outside production),
 * PUBLIC_URL's, and outside production every port of this process on localhost and 127.0.0.1.
 */
function appOriginsOf(c: Environment, ports: AppPorts, publicOrigin: string | undefined): string[] {
  const localOrigins = (port: number | undefined) =>
    port ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`] : [];
  const { authAppPort, adminAppPort, managementAppPort, menuAppPort, sitePort } = ports;
  return [
    ...new Set([
      ...(c.BRIGADE_APP_ORIGINS ?? (c.NODE_ENV === 'production' ? [] : DEVELOPMENT_APP_ORIGINS)),
      ...(publicOrigin ? [publicOrigin] : []),
      ...(c.NODE_ENV === 'production'
        ? []
        : [c.PORT, authAppPort, adminAppPort, managementAppPort, menuAppPort, sitePort].flatMap(
            localOrigins,
          )),
    ]),
  ].map((origin) => new URL(origin).origin);
}

/** Where images go (docs/behaviour/images.md): an S3-compatible bucket, else files served at /media. */
function mediaConfigOf(c: Environment, publicOrigin: string | undefined): MediaConfig {
  if (c.IMAGE_STORAGE === 's3') {
    return {
      storage: 's3',
      baseUrl: (c.S3_PUBLIC_URL ?? `${c.S3_ENDPOINT!.replace(/\/$/, '')}/${c.S3_BUCKET}`).replace(/\/$/, ''),
      s3: {
        endpoint: c.S3_ENDPOINT!,
        region: c.S3_REGION,
        bucket: c.S3_BUCKET!,
        accessKeyId: c.S3_ACCESS_KEY_ID!,
        secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
      },
    };
  }
  return {
    storage: 'local',
    dir: c.BRIGADE_MEDIA_DIR,
    baseUrl: (c.BRIGADE_MEDIA_URL ?? `${publicOrigin ?? `http://localhost:${c.PORT}`}/media`).replace(
      /\/$/,
      '',
    ),
  };
}
