import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@brigade/test-utils/ports';
import { describe, expect, inject, it } from 'vitest';
import { ensureServerBuild } from '../../../scripts/server-build.mjs';

// The start command of the README, on a fresh embedded data directory: migrate, seed, serve, print the URLs.
// It runs the server as `npm start` does, from its bundle (scripts/start.mjs), so the bundle's files found
// beside its modules (migrations, the database's thread, the site's public files) are found. It runs once
// (in the PGlite project): the embedded database is what `npm start` uses by default.
describe.runIf(inject('brigadeTemplate').engine === 'pglite')('npm start', () => {
  it('serves /healthz, the OpenAPI document and a site page from a fresh data directory, and stops cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'brigade-start-'));
    const { file } = await ensureServerBuild();
    const sitePort = await freePort();
    const child = spawn(process.execPath, [file], {
      env: {
        ...process.env,
        PORT: '0',
        SITE_PORT: String(sitePort),
        BRIGADE_DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    let started = false;
    try {
      const base = await new Promise<string>((resolve, reject) => {
        // a fresh directory is made by initdb, migrated and seeded: ~10 s alone, over 30 s on a loaded machine
        const timer = setTimeout(() => reject(new Error(`no start-up banner in 90 s:\n${output}`)), 90_000);
        child.stdout.on('data', () => {
          const match = /API\s+(http:\/\/\S+)\/api\/v1\n/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      started = true;
      expect(output).toContain('database: pglite');
      expect(output).toContain(
        'AI replies     the built-in chat-completions emulator (no LLM_BASE_URL configured)',
      );
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string };
      expect(doc.openapi).toBe('3.1.0');
      const site = `http://127.0.0.1:${sitePort}`;
      const home = await fetch(`${site}/harbor-grill`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Harbor Grill');
      const hero = await fetch(`${site}/hero-food-default.jpg`);
      expect([hero.status, hero.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // (a server that never started is the failure to report, not how it dies)
      if (started) expect(await exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
