import { seedDemo } from '@brigade/core/seed/demo-seed';
import { DataDirInUseError } from '@brigade/db/data-dir-lock';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openMigratedDatabase, VERSION } from './runtime';

/**
 * `npm start`: checks the configuration, opens (and migrates) the database, seeds the demo data once, and
 * serves the API. Prints where to go.
 */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const app = await buildApp({ deps: { config, database, version: VERSION } });

  if (config.seedDemo) {
    const seeded = await seedDemo(database.db);
    app.log.info({ tenantId: seeded.tenant.tenantId, created: seeded.created }, 'demo data ready');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      '',
      `Brigade ${VERSION} is up in ${seconds}s (database: ${database.engine}, ${database.location})`,
      `  API            ${base}/api/v1`,
      `  API reference  ${base}/api/v1/docs`,
      `  OpenAPI        ${base}/api/v1/openapi.json`,
      `  Health         ${base}/healthz  ${base}/readyz`,
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
