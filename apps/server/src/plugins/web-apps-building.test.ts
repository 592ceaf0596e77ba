import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerWebApps } from './web-apps';

/**
 * `npm start` builds the web apps beside the server's start-up (scripts/start.mjs), each into `<dist>.next`,
 * moved into place when whole. Until then an app says it is being built; without a build under way, that
 * it is not built.
 */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

async function serverFor() {
  const root = mkdtempSync(join(tmpdir(), 'brigade-web-apps-'));
  roots.push(root);
  const web = { name: 'management', prefix: '/manage/', dist: join(root, 'dist') };
  const app = Fastify();
  await registerWebApps(
    app,
    {
      env: 'production',
      adminAppPort: undefined,
      managementAppPort: undefined,
      menuAppPort: undefined,
      media: { baseUrl: 'https://media.example.com' } as never,
      cardpointe: { url: undefined } as never,
      printBridgeSources: [],
    },
    [web],
  );
  return { app, web };
}

describe('a web app before its build is in place', () => {
  it('says it is not built when no build is under way', async () => {
    const { app } = await serverFor();
    const answer = await app.inject({ url: '/manage/', headers: { accept: 'text/html' } });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      code: 'APP_NOT_BUILT',
      detail: 'The management app is not built: run npm run build:web',
    });
    expect(answer.headers['retry-after']).toBeUndefined();
  });

  it('says it is being built while the next build is written, to a browser with a page that reloads', async () => {
    const { app, web } = await serverFor();
    mkdirSync(`${web.dist}.next`);
    const page = await app.inject({ url: '/manage/items', headers: { accept: 'text/html,*/*' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('3');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<meta http-equiv="refresh" content="3">');
    expect(page.body).toContain('The management app is being built: try again in a few seconds');
    const api = await app.inject({ url: '/manage/', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ code: 'APP_BUILDING' });
  });

  it('serves the build once it is moved into place', async () => {
    const { app, web } = await serverFor();
    mkdirSync(`${web.dist}.next`);
    writeFileSync(join(`${web.dist}.next`, 'index.html'), '<!doctype html><title>Brigade</title>');
    expect((await app.inject({ url: '/manage/' })).statusCode).toBe(503);
    renameSync(`${web.dist}.next`, web.dist);
    const answer = await app.inject({ url: '/manage/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<title>Brigade</title>');
  });
});
