import type { Server } from 'node:http';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import {
  HOUSEKEEPING_INTERVAL_MS,
  runHousekeeping,
  scheduleHousekeeping,
} from '@brigade/core/housekeeping/housekeeping';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { DataDirInUseError } from '@brigade/db/data-dir-lock';
import { holdInstancePresence } from '@brigade/db/instance-presence';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { listenExtraPort } from './http-server';
import { createAppDeps, openMigratedDatabase, VERSION } from './runtime';

/**
 * `npm start`: checks the configuration, opens (and migrates) the database, seeds the demo data once, and
 * serves the API. Prints where to go.
 */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const logProxy = {
    info: (obj: object, msg: string) => app.log.info(obj, msg),
    warn: (obj: object, msg: string) => app.log.warn(obj, msg),
  };
  const deps = createAppDeps(config, database, logProxy);
  const app = await buildApp({ deps });
  // Crash safety (docs/decisions/015-crash-safety.md): announce this instance, then remove what uploads of
  // instances that died mid-request left behind, before serving; housekeeping repeats that and clears
  // stale throttle counts and unusable credentials every 15 minutes (docs/operations/README.md).
  const presence = await holdInstancePresence(database, deps.instanceId);
  const housekeeping = { db: database.db, storage: deps.imageStorage, instanceId: deps.instanceId };
  const swept = (await runHousekeeping(housekeeping)).uploads;
  if (swept.uploads > 0) app.log.warn(swept, 'removed the files of uploads interrupted by a crash');
  const stopHousekeeping = scheduleHousekeeping(housekeeping, HOUSEKEEPING_INTERVAL_MS, {
    done: (result) => {
      if (result.uploads.uploads > 0)
        app.log.warn(result.uploads, 'removed the files of interrupted uploads');
    },
    failed: (error) => app.log.error({ err: error }, 'housekeeping failed; it runs again later'),
  });

  const seeded = config.seedDemo ? await seedDemo(database.db) : null;
  if (seeded) {
    // STYLE: a newcomer's first start has a demo menu to look at, in the first demo restaurant.
    const { tenantId, restaurantId } = seeded.restaurant;
    await seedLargeChainOnce(database.db, { tenantId, restaurantId, actor: 'System' }, demoCatalogue);
    app.log.info({ tenantId: seeded.tenant.tenantId, created: seeded.created }, 'demo data ready');
  }

  const extraServers: Server[] = [];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopHousekeeping();
    for (const server of extraServers) server.close();
    await app.close();
    await presence.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const base = `http://${host}:${port}`;
  // spec 01 §2.8: in development each app has its own port (auth 3000, menu 3003, restaurant sites 3004,
  // management 3005). The same request handler serves them all, so /api on each is the API itself and the
  // cookies set there belong to that origin; a request's local port tells which app `/` means.
  const extraPorts = [
    { name: 'auth', port: config.authAppPort, path: '/auth/' },
    { name: 'management', port: config.managementAppPort, path: '/manage/' },
    { name: 'menu', port: config.menuAppPort, path: '/menu/' },
    { name: 'site', port: config.sitePort, path: '/' },
  ] as const;
  const extraBases = new Map<string, string>();
  for (const extra of extraPorts) {
    if (extra.port === undefined) continue;
    // the same limits on slow clients as the main port (decision 017)
    const server = await listenExtraPort(app.routing, extra.port, config.host, config.http);
    extraServers.push(server);
    const address = server.address();
    extraBases.set(
      extra.name,
      `http://${host}:${typeof address === 'object' && address ? address.port : extra.port}${extra.path}`,
    );
  }
  const authBase = extraBases.get('auth') ?? `${base}/auth/`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      '',
      `Brigade ${VERSION} is up in ${seconds}s (database: ${database.engine}, ${database.location})`,
      `  Sign in        ${authBase}`,
      `  Management     ${extraBases.get('management') ?? `${base}/manage/`}`,
      `  Menu display   ${extraBases.get('menu') ?? `${base}/menu/`}`,
      ...(extraBases.has('site')
        ? [
            `  Public sites   ${extraBases.get('site')}<restaurant slug>, e.g. ${extraBases.get('site')}harbor-grill`,
          ]
        : []),
      `  API            ${base}/api/v1`,
      `  API reference  ${base}/api/v1/docs`,
      `  OpenAPI        ${base}/api/v1/openapi.json`,
      `  Health         ${base}/healthz  ${base}/readyz`,
      ...(seeded
        ? [
            '',
            'Demo logins:',
            ...seeded.logins.map((l) => `  ${l.role.padEnd(14)} ${l.email} / ${l.password}`),
            `Demo restaurants (${seeded.tenant.displayName}, tenant ${seeded.tenant.tenantId}):`,
            ...seeded.restaurants.map(
              (r) => `  ${r.name.padEnd(20)} ${base}/api/v1/restaurants/by-slug/${r.slug}`,
            ),
          ]
        : []),
      '',
    ].join('\n'),
  );
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
