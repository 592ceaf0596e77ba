import { createServer } from 'node:http';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { DataDirInUseError } from '@brigade/db/data-dir-lock';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createAppDeps, openMigratedDatabase, VERSION } from './runtime';

/**
 * `npm start`: checks the configuration, opens (and migrates) the database, seeds the demo data once, and
 * serves the API. Prints where to go.
 */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const logProxy = { info: (obj: object, msg: string) => app.log.info(obj, msg) };
  const app = await buildApp({ deps: createAppDeps(config, database, logProxy) });

  const seeded = config.seedDemo ? await seedDemo(database.db) : null;
  if (seeded) {
    // STYLE: a newcomer's first start has a demo menu to look at, in the first demo restaurant.
    const { tenantId, restaurantId } = seeded.restaurant;
    await seedLargeChainOnce(database.db, { tenantId, restaurantId, actor: 'System' }, demoCatalogue);
    app.log.info({ tenantId: seeded.tenant.tenantId, created: seeded.created }, 'demo data ready');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    authServer?.close();
    await app.close();
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
  // spec 01 §2.8: in development the auth app has its own port (3000). The same request handler serves it,
  // so /api on that port is the API itself and cookies set there belong to that origin.
  let authServer: ReturnType<typeof createServer> | undefined;
  let authBase = `${base}/auth/`;
  if (config.authAppPort !== undefined) {
    const server = createServer(app.routing);
    authServer = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.authAppPort, config.host, () => resolve());
    });
    const authAddress = server.address();
    authBase = `http://${host}:${typeof authAddress === 'object' && authAddress ? authAddress.port : config.authAppPort}/auth/`;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      '',
      `Brigade ${VERSION} is up in ${seconds}s (database: ${database.engine}, ${database.location})`,
      `  Sign in        ${authBase}`,
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
