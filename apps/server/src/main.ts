// Must stay the first import: the heap's settings apply from the start (see the module).
import './heap-settings';
import type { Server } from 'node:http';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { runHousekeeping } from '@brigade/core/housekeeping/housekeeping';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { DataDirInUseError } from '@brigade/db/data-dir-lock';
import type { Executor } from '@brigade/db/database';
import { holdInstancePresence } from '@brigade/db/instance-presence';
import { hearsItself } from '@brigade/db/notifications';
import { buildApp, requestListenerOf } from './app';
import { releaseBootMemory } from './boot-memory';
import { scheduledListingDeps } from './business-listing-runtime';
import { type Config, ConfigError, loadConfig } from './config';
import { listenExtraPort } from './http-server';
import { createJobRunner, startJobRunner } from './job-runtime';
import { connectDemoMerchantAccounts, paymentDepsOf } from './payments-runtime';
import { placesDepsOf } from './places-runtime';
import { createAppDeps, openMigratedDatabase, VERSION } from './runtime';

type Database = Awaited<ReturnType<typeof openMigratedDatabase>>;
type App = Awaited<ReturnType<typeof buildApp>>;
type SeedResult = Awaited<ReturnType<typeof seedDemo>>;

/**
 * `npm start`: checks the configuration, opens (and migrates) the database, seeds the demo data once, and
 * serves the API. Prints where to go.
 */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const { app, deps, presence, jobs } = await buildAndRecover(config, database);
  const seeded = config.seedDemo ? await seedDemoData(database, app) : null;
  if (seeded) await connectDemoMerchantAccounts(deps.payments, database.db, seeded.restaurants);
  const gateway = await deps.payments.emulator();
  const extraServers: Server[] = [];
  stopOnSignals(async () => {
    await jobs.stop();
    for (const server of extraServers) server.close();
    await app.close();
    await presence.close();
    await database.close();
  }, app);

  await releaseBootMemory(database);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const extraBases = await listenAppPorts(app, config, host, extraServers);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    banner({
      database,
      seconds,
      base: `http://${host}:${port}`,
      extraBases,
      seeded,
      gatewayUrl: gateway?.url,
      placesMode: deps.places.mode,
      llm: deps.llm.description,
      sms: deps.sms.description,
      listingMode: deps.businessListing.mode,
    }),
  );
}

/**
 * The app on its dependencies; then, before serving, crash safety (docs/decisions/015-crash-safety.md):
 * announce this instance and remove what uploads of instances that died mid-request left behind.
 * Housekeeping repeats that sweep, clears stale throttle counts and unusable credentials, and settles
 * payments left pending or unknown, at start-up and every 15 minutes (docs/operations/README.md).
 */
async function buildAndRecover(config: Config, database: Database) {
  const logProxy = {
    info: (obj: object, msg: string) => app.log.info(obj, msg),
    warn: (obj: object, msg: string) => app.log.warn(obj, msg),
  };
  const deps = createAppDeps(config, database, logProxy);
  const app = await buildApp({ deps });
  const presence = await holdInstancePresence(database, deps.instanceId);
  const housekeeping = { db: database.db, storage: deps.imageStorage, instanceId: deps.instanceId };
  const swept = (await runHousekeeping(housekeeping)).uploads;
  if (swept.uploads > 0) app.log.warn(swept, 'removed the files of uploads interrupted by a crash');
  // With payments: their sweep waits on the gateway (35 s a call), so it never holds up start-up.
  const withPayments = {
    ...housekeeping,
    payments: paymentDepsOf(deps.payments, {
      db: database.db,
      transact: (work) => database.db.transaction(work),
    }),
    // Linked places due for their automatic sync (not in production without a key: there is no Google).
    ...(deps.places.mode === 'off'
      ? {}
      : {
          places: async () => ({
            ...(await placesDepsOf(deps.places, database.db)),
            transact: <T>(work: (tx: Executor) => Promise<T>) => database.db.transaction(work),
          }),
        }),
    // Scheduled Google Business Profile syncs (not in production without a client id).
    ...(deps.businessListing.mode === 'off'
      ? {}
      : { listing: () => scheduledListingDeps(deps, database.db, app.log), llm: () => deps.llm.api() }),
  };
  const jobs = createJobRunner(deps, withPayments, app.log);
  await startJobRunner(jobs, deps);
  if (!(await hearsItself(database)))
    app.log.error(
      "This process does not hear its own database notifications: other instances' writes and sign-outs reach " +
        'its caches late. DATABASE_LISTEN_URL (DATABASE_URL when unset) must reach PostgreSQL directly, not ' +
        'through a pooler in transaction mode (docs/operations/several-instances.md).',
    );
  return { app, deps, presence, jobs };
}

async function seedDemoData(database: Database, app: App): Promise<SeedResult> {
  const seeded = await seedDemo(database.db);
  // STYLE: a newcomer's first start has a demo menu to look at, in the first demo restaurant.
  const { tenantId, restaurantId } = seeded.restaurant;
  await seedLargeChainOnce(database.db, { tenantId, restaurantId, actor: 'System' }, demoCatalogue);
  app.log.info({ tenantId: seeded.tenant.tenantId, created: seeded.created }, 'demo data ready');
  return seeded;
}

/** SIGINT or SIGTERM closes everything once and exits. */
function stopOnSignals(close: () => Promise<void>, app: App): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * In development each app has its own port (auth 3000, admin 3001, menu 3003, restaurant sites 3004,
 * management 3005). The same request handler serves them all, so /api on each is the API itself and the
 * cookies set there belong to that origin; a request's local port tells which app `/` means. Answers each
 * app's address by name.
 */
async function listenAppPorts(
  app: App,
  config: Config,
  host: string,
  servers: Server[],
): Promise<Map<string, string>> {
  const extraPorts = [
    { name: 'auth', port: config.authAppPort, path: '/auth/' },
    { name: 'admin', port: config.adminAppPort, path: '/admin/' },
    { name: 'management', port: config.managementAppPort, path: '/manage/' },
    { name: 'menu', port: config.menuAppPort, path: '/menu/' },
    { name: 'site', port: config.sitePort, path: '/' },
  ] as const;
  const bases = new Map<string, string>();
  for (const extra of extraPorts) {
    if (extra.port === undefined) continue;
    // the same limits on slow clients as the main port (decision 017)
    const server = await listenExtraPort(requestListenerOf(app), extra.port, config.host, config.http);
    servers.push(server);
    const address = server.address();
    bases.set(
      extra.name,
      `http://${host}:${typeof address === 'object' && address ? address.port : extra.port}${extra.path}`,
    );
  }
  return bases;
}

/** Where to go, printed once the server is up: the apps, the API and, when seeded, the demo logins. */
function banner(up: {
  database: Database;
  seconds: string;
  base: string;
  extraBases: Map<string, string>;
  seeded: SeedResult | null;
  /** The CardPointe emulator's address when it stands in for the gateway. */
  gatewayUrl: string | undefined;
  /** Who answers places calls: Google (a key is configured), the in-process emulator, or nobody. */
  placesMode: 'google' | 'emulator' | 'off';
  /** Who drafts review replies (never the key). */
  llm: string;
  /** Who sends text messages (never the token). */
  sms: string;
  /** Who answers Google Business Profile calls. */
  listingMode: 'google' | 'emulator' | 'off';
}): string {
  const { database, seconds, base, extraBases, seeded, gatewayUrl, placesMode, listingMode } = up;
  const site = extraBases.get('site');
  return [
    '',
    `Brigade ${VERSION} is up in ${seconds}s (database: ${database.engine}, ${database.location})`,
    `  Sign in        ${extraBases.get('auth') ?? `${base}/auth/`}`,
    `  Management     ${extraBases.get('management') ?? `${base}/manage/`}`,
    `  Menu display   ${extraBases.get('menu') ?? `${base}/menu/`}`,
    `  Register (POS) ${base}/pos/`,
    `  Site admin     ${extraBases.get('admin') ?? `${base}/admin/`}`,
    ...(site ? [`  Public sites   ${site}<restaurant slug>, e.g. ${site}harbor-grill`] : []),
    `  API            ${base}/api/v1`,
    `  API reference  ${base}/api/v1/docs`,
    `  OpenAPI        ${base}/api/v1/openapi.json`,
    `  Health         ${base}/healthz  ${base}/readyz`,
    gatewayUrl
      ? `  Payments       CardPointe emulator at ${gatewayUrl} (no gateway configured; test card 4111 1111 1111 1111)`
      : '  Payments       CardPointe gateway (each merchant account’s site)',
    `  Places         ${PLACES_LINES[placesMode]}`,
    `  AI replies     ${up.llm}`,
    `  Text messages  ${up.sms}`,
    `  Business       ${LISTING_LINES[listingMode]}`,
    ...(seeded ? demoLines(seeded, base) : []),
    '',
  ].join('\n');
}

const PLACES_LINES = {
  google: 'Google Places API (New) (GOOGLE_PLACES_API_KEY)',
  emulator:
    'Google Places emulator, a dozen Portland, Oregon restaurants and the two demo restaurants (no GOOGLE_PLACES_API_KEY configured)',
  off: 'off: set GOOGLE_PLACES_API_KEY to search Google places',
} as const;

const LISTING_LINES = {
  google: 'Google Business Profile (GOOGLE_BUSINESS_CLIENT_ID)',
  emulator:
    'Google Business Profile emulator, one account with three locations (no GOOGLE_BUSINESS_CLIENT_ID)',
  off: 'off: set GOOGLE_BUSINESS_CLIENT_ID and GOOGLE_BUSINESS_CLIENT_SECRET to connect Google Business Profile',
} as const;

function demoLines(seeded: SeedResult, base: string): string[] {
  return [
    '',
    'Demo logins:',
    ...seeded.logins.map((l) => `  ${l.role.padEnd(14)} ${l.email} / ${l.password}`),
    `Demo restaurants (${seeded.tenant.displayName}, tenant ${seeded.tenant.tenantId}):`,
    ...seeded.restaurants.map((r) => `  ${r.name.padEnd(20)} ${base}/api/v1/restaurants/by-slug/${r.slug}`),
  ];
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Brigade failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
