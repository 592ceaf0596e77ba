import { createTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createAppDeps } from './runtime';
import { LogCapture } from './test-app';

describe('readiness', () => {
  it('answers /readyz and API routes with 503 once the database is gone, while /healthz still answers', async () => {
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
    expect(ready.headers['retry-after']).toBe('5');
    // An API route that needs the database says the same, not 500 (issue 42): on PGlite a closed database,
    // on PostgreSQL a pool that was ended (database-outage.int.test.ts cuts a live one).
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'nobody@example.com', password: 'not a password' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('5');
    expect(signIn.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(signIn.json()).toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      title: 'Service Unavailable',
    });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});
