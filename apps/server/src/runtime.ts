import { readFileSync } from 'node:fs';
import { createMailer } from '@brigade/core/identity/mailer';
import { lockDataDir } from '@brigade/db/data-dir-lock';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import type { Config } from './config';
import type { AppDeps } from './deps';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/**
 * Opens the configured database and brings its schema up to date: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite database in BRIGADE_DATA_DIR, which one process at a time may open.
 */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolMax: config.poolMax });
    await runMigrations(database);
    return database;
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    await runMigrations(database);
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Wires the services handlers use; the mailer writes undelivered mail (no SMTP) to the log outside production. */
export function createAppDeps(
  config: Config,
  database: Database,
  log: { info: (obj: object, msg: string) => void } = { info: () => {} },
): AppDeps {
  const mailer = createMailer(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    onUndelivered: (mail) => {
      if (config.env !== 'production')
        log.info({ to: mail.to, subject: mail.subject, body: mail.text }, 'mail (no SMTP configured)');
    },
  });
  return {
    config,
    database,
    version: VERSION,
    identity: {
      db: database.db,
      mailer,
      appOrigins: config.appOrigins,
      defaultResetUrl: `${config.authUrl}/reset-password`,
    },
  };
}
