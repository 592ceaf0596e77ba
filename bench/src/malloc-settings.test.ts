import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { v8PoolSize } from '../../scripts/v8-pool-size.mjs';
import { MALLOC_SETTINGS, SERVER_NODE_FLAGS } from './processes';

const ROOT = join(import.meta.dirname, '../..');

const startScript = () =>
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>).start!;

describe('the malloc settings the benches run the server with', () => {
  it('are the ones `npm start` sets', () => {
    const assignments = Object.fromEntries(
      [...startScript().matchAll(/\b(MALLOC_[A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name, value]),
    );
    expect(assignments).toEqual(MALLOC_SETTINGS);
  });
});

describe("V8's background threads", () => {
  it("leave one core to the event loop, and are at least one and at most Node's four", () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => v8PoolSize(cores))).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('are set by `npm start` and by the benches that start the server, from the same helper', () => {
    expect(startScript()).toContain('node --v8-pool-size=$(node scripts/v8-pool-size.mjs) scripts/start.mjs');
    const shell = spawnSync('sh', ['-c', 'echo $(node scripts/v8-pool-size.mjs)'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(shell.stdout.trim()).toBe(String(v8PoolSize()));
    expect(SERVER_NODE_FLAGS).toEqual([`--v8-pool-size=${v8PoolSize()}`]);
  });
});
