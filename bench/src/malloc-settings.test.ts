import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALLOC_SETTINGS } from './processes';

const ROOT = join(import.meta.dirname, '../..');

describe('the malloc settings the benches run the server with', () => {
  it('are the ones `npm start` sets', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    const assignments = Object.fromEntries(
      [...scripts.start!.matchAll(/\b(MALLOC_[A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name, value]),
    );
    expect(assignments).toEqual(MALLOC_SETTINGS);
  });
});
