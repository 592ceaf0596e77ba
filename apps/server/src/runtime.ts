import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createMenuCache } from '@brigade/core/catalogue/menu-resolver';
import { ScopeCache } from '@brigade/core/catalogue/scope-cache';
import { ChangeFeed } from '@brigade/core/changes/change-feed';
import { HostCache } from '@brigade/core/domains/resolution-service';
import { createTxtResolver } from '@brigade/core/domains/verification-service';
import { createMailer } from '@brigade/core/identity/mailer';
import { SessionCache } from '@brigade/core/identity/session-cache';
import { FunnelTally } from '@brigade/core/ordering/funnel';
import { tcpPrinterTransport } from '@brigade/core/ordering/kitchen-printing';
import { OrderFeed } from '@brigade/core/ordering/order-feed';
import { lockDataDir } from '@brigade/db/data-dir-lock';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { databaseRoleRefusal } from '@brigade/db/tenant-walls';
import { platformDomainsOf } from '@brigade/domain/platform-domains';
import { HostingClient } from '@brigade/hosting/hosting-client';
import { type HostingEmulator, startHostingEmulator } from '@brigade/hosting/hosting-emulator';
import { S3Storage } from '@brigade/images/s3-storage';
import { type ImageStorage, LocalDiskStorage } from '@brigade/images/storage';
import { startOnFirstUse } from '@brigade/integration-kit/start-on-first-use';
import { createBusinessListingRuntime } from './business-listing-runtime';
import { type Config, ConfigError } from './config';
import type { AppDeps } from './deps';
import { createLlmRuntime } from './llm-runtime';
import { createPaymentsRuntime } from './payments-runtime';
import { createPlacesRuntime } from './places-runtime';
import { passcodePepperOf } from './secrets-key';
import { createSmsRuntime } from './sms-runtime';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/**
 * Opens the configured database and brings its schema up to date: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite database in BRIGADE_DATA_DIR, which one process at a time may open.
 */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    if (config.migrationUrl) {
      const owner = await openDatabase({ url: config.migrationUrl, poolMax: 2 });
      try {
        await runMigrations(owner);
      } finally {
        await owner.close();
      }
    }
    const database = await openDatabase({
      url: config.databaseUrl,
      poolMax: config.poolMax,
      listenUrl: config.listenUrl,
    });
    try {
      if (!config.migrationUrl) await migrateOrExplain(database);
      // Decision 018: production must not run as a role that row-level security cannot stop.
      if (config.env === 'production') {
        const refusal = await databaseRoleRefusal(database.db);
        if (refusal) throw new ConfigError(`Refusing to start: ${refusal}`);
      }
    } catch (error) {
      await database.close();
      throw error;
    }
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

/** Migrations need the tables' owner: a non-owner DATABASE_URL without DATABASE_MIGRATION_URL says so. */
async function migrateOrExplain(database: Database): Promise<void> {
  try {
    await runMigrations(database);
  } catch (error) {
    const text = String((error as { cause?: unknown }).cause ?? error);
    if (/permission denied|must be owner/i.test(text)) {
      throw new ConfigError(
        `Migrations failed (${text.split('\n')[0]}): DATABASE_URL is not the owner of the database's tables; ` +
          "set DATABASE_MIGRATION_URL to the owner's URL.",
      );
    }
    throw error;
  }
}

export interface RuntimeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Wires the services handlers use; the mailer writes undelivered mail (no SMTP) to the log outside production. */
export function createAppDeps(
  config: Config,
  database: Database,
  log: RuntimeLog = { info: () => {}, warn: () => {} },
): AppDeps {
  const mailer = createMailer(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    onUndelivered: (mail) => {
      if (config.env !== 'production')
        log.info({ to: mail.to, subject: mail.subject, body: mail.text }, 'mail (no SMTP configured)');
    },
    ...(config.publicUrl ? { messageIdDomain: new URL(config.publicUrl).hostname } : {}),
  });
  const instanceId = randomUUID();
  const changes = new ChangeFeed(database);
  const menuCache = createMenuCache();
  changes.subscribe((change) => menuCache.invalidate(change));
  const printerAddresses = { allowLocal: config.kitchenPrinterAllowLocal };
  return {
    config,
    database,
    version: VERSION,
    changes,
    orderFeed: new OrderFeed(database),
    funnel: new FunnelTally(database.db),
    menuCache,
    sessions: new SessionCache(database),
    scopes: new ScopeCache(changes, database.committedWrites),
    domains: createDomainDeps(config, changes),
    payments: createPaymentsRuntime(config),
    places: createPlacesRuntime(config),
    llm: createLlmRuntime(config),
    sms: createSmsRuntime(config.sms),
    businessListing: createBusinessListingRuntime(config),
    kitchenPrinter: tcpPrinterTransport({ port: config.kitchenPrinterPort, addresses: printerAddresses }),
    printerAddresses,
    imageStorage: createImageStorage(config, instanceId),
    instanceId,
    passcodePepper: passcodePepperOf(config),
    identity: {
      db: database.db,
      mailer,
      appOrigins: config.appOrigins,
      defaultResetUrl: `${config.authUrl}/reset-password`,
    },
  };
}

/** The configured image storage: files on local disk (default) or an S3-compatible bucket. */
export function createImageStorage(config: Config, instanceId?: string): ImageStorage {
  const media = config.media;
  return media.storage === 's3'
    ? new S3Storage({ ...media.s3, publicBaseUrl: media.baseUrl })
    : new LocalDiskStorage(media.dir, media.baseUrl, instanceId ? { instanceId } : {});
}

/**
 * The host cache of resolution and tls-ask (issue 5). A domain change clears it here at once; the change
 * feed makes every instance forget what a committed change to mappings, restaurants or tenants concerns (a
 * cached entry holds whether its restaurant is active; issue 48: that tenant's hosts, not every tenant's) —
 * docs/decisions/010-domains.md, 011-change-feed.md.
 */
export function createDomainDeps(config: Config, changes: ChangeFeed): AppDeps['domains'] {
  const platform = platformDomainsOf({
    baseDomain: config.baseDomain,
    reservedLabels: config.reservedSubdomains,
    ownHosts: [config.publicUrl, ...config.appOrigins].flatMap((url) => (url ? [new URL(url).hostname] : [])),
  });
  const hostCache = new HostCache({ platform });
  const unsubscribe = changes.subscribe((change) => {
    if (change.area === 'domains' || change.area === 'restaurant' || change.area === 'tenant')
      hostCache.forget({
        tenantId: change.tenantId,
        // a mapping announces its tenant only: all of the tenant's hosts, and every unknown host
        restaurantId: change.area === 'restaurant' ? change.restaurantId : undefined,
        mappings: change.area === 'domains',
      });
  });
  const emulator = startOnFirstUse<HostingEmulator>(
    'the hosting emulator',
    () => startHostingEmulator(),
    (started) => started.close(),
  );
  // No token: the in-process emulator of the provider's API (started on first use; a failed start of either
  // is tried again on the next call).
  const client = startOnFirstUse<HostingClient>('the hosting client', async () => {
    if (!config.hosting)
      return new HostingClient({
        baseUrl: (await emulator.get()).url,
        token: 'emulator',
        projectId: config.hostingProjectId,
      });
    const { apiUrl, token, projectId, teamId } = config.hosting;
    return new HostingClient({ baseUrl: apiUrl, token, projectId, teamId });
  });
  const hosting = () => client.get();
  return {
    hosting,
    platform,
    hostCache,
    resolver: createTxtResolver(config.dnsServers),
    onChange: async () => hostCache.clear(),
    ready: changes.ready,
    close: async () => {
      unsubscribe();
      await emulator.close();
    },
  };
}
