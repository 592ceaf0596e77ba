import { createTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createAppDeps } from './runtime';
import { LogCapture } from './test-app';

describe('readiness', () => {
  it('answers /readyz with 503 once the database is gone, while /healthz still answers', async () => {
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
    const app = await buildApp({ deps: createAppDeps(config, database), logStream: new LogCapture() });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await drop();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      detail: 'The database is not reachable',
    });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});
