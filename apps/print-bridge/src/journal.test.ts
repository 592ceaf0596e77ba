import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, openJournal } from './journal';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'print-journal-'));
  dirs.push(dir);
  return dir;
}

const lines = (dir: string) => readFileSync(join(dir, JOURNAL_FILE), 'utf8').split('\n').filter(Boolean);

describe('printed-keys journal', () => {
  it('keeps the newest keys when the file grows past its limit, and forgets the oldest', async () => {
    const dir = stateDir();
    const journal = await openJournal(dir, { max: 20, keep: 10 });
    for (let n = 1; n <= 25; n += 1) await journal.add(`key-${n}`);
    // the 21st line rewrote the file with keys 12–21; 22–25 were appended after it
    expect(lines(dir)).toEqual(Array.from({ length: 14 }, (_, i) => `key-${i + 12}`));
    expect([journal.has('key-11'), journal.has('key-12'), journal.size]).toEqual([false, true, 14]);
    await journal.close();

    const reloaded = await openJournal(dir, { max: 20, keep: 10 });
    expect(reloaded.size).toBe(14);
    expect([
      reloaded.has('key-1'),
      reloaded.has('key-11'),
      reloaded.has('key-12'),
      reloaded.has('key-25'),
    ]).toEqual([false, false, true, true]);
    await reloaded.close();
  });

  it('appends a key once, and drops a last line cut short by a crash', async () => {
    const dir = stateDir();
    writeFileSync(join(dir, JOURNAL_FILE), 'a\nb\nhalf-a-ke');
    const journal = await openJournal(dir);
    expect([journal.has('a'), journal.has('b'), journal.has('half-a-ke'), journal.size]).toEqual([
      true,
      true,
      false,
      2,
    ]);
    await Promise.all([journal.add('c'), journal.add('c'), journal.add('d')]);
    await journal.add('a');
    await journal.close();
    expect(lines(dir)).toEqual(['a', 'b', 'c', 'd']);
  });
});
