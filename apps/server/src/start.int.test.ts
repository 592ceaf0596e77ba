import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// The start command of the README, on a fresh embedded data directory: migrate, seed, serve, print the URLs.
// It runs once (in the PGlite project): the embedded database is what `npm start` uses by default.
describe.runIf(inject('brigadeTemplate').engine === 'pglite')('npm start', () => {
  it('serves /healthz and the OpenAPI document from a fresh data directory, and stops cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'brigade-start-'));
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'apps/server/src/main.ts')], {
      env: { ...process.env, PORT: '0', BRIGADE_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start-up banner in 30 s:\n${output}`)), 30_000);
        child.stdout.on('data', () => {
          const match = /API\s+(http:\/\/\S+)\/api\/v1\n/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      expect(output).toContain('database: pglite');
      expect(output).toContain(
        'AI replies     the built-in chat-completions emulator (no LLM_BASE_URL configured)',
      );
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string };
      expect(doc.openapi).toBe('3.1.0');
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
