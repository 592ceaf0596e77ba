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
  };
}
