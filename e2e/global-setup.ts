import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SERVER_NODE_FLAGS } from '@brigade/test-utils/server-flags';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../scripts/server-build.mjs';
import { freeServerPorts, REPO_ROOT, serverEnvironment, waitFor } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    brigadeE2e: { serverBundle: string; templateDir: string };
  }
}

/**
 * Once per browser-test run: the server's bundle (what `npm start` runs), and a data directory that bundle has
 * migrated and seeded with the demo data. Each test file's server starts from a copy of that directory, so no
 * file pays for TypeScript compilation, migrations or the seed again (issue 49: the suite's time).
 */
export default async function setup(project: TestProject) {
  const { file } = await ensureServerBuild();
  const templateDir = mkdtempSync(join(tmpdir(), 'brigade-e2e-template-'));
  const ports = await freeServerPorts();
  const child: ChildProcess = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...serverEnvironment({ dataDir: templateDir, ports }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  try {
    if (!(await waitFor(`http://127.0.0.1:${ports.api}/healthz`, 120_000, () => !exited))) {
      throw new Error(`The template server did not become healthy:\n${output.slice(-4000)}`);
    }
  } finally {
    // a clean stop: the embedded database closes its files and releases the data directory's lock
    child.kill('SIGTERM');
    await gone;
  }
  project.provide('brigadeE2e', { serverBundle: file, templateDir });
  return () => rmSync(templateDir, { recursive: true, force: true });
}
