import { type FileHandle, mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

/** The file of printed keys in the state directory: one key a line, oldest first. */
export const JOURNAL_FILE = 'printed-keys.log';

export interface JournalLimits {
  /** Lines the file may grow to before it is rewritten (20,000). */
  max?: number;
  /** Newest keys a rewrite keeps (10,000). */
  keep?: number;
}

/** The keys of the prints the printer took: a print whose key is here is never sent again. */
export interface Journal {
  has(key: string): boolean;
  /** Appends the key and waits until it is on disk (fsync). */
  add(key: string): Promise<void>;
  readonly size: number;
  close(): Promise<void>;
}

/**
 * Opens (or creates) the journal in `stateDir` and loads its keys. A last line without its newline (the
 * bridge died while appending it, before the print was answered) is dropped: that ticket may print again,
 * never be lost.
 */
export async function openJournal(stateDir: string, limits: JournalLimits = {}): Promise<Journal> {
  const max = limits.max ?? 20_000;
  const keep = Math.min(limits.keep ?? 10_000, max);
  const path = join(stateDir, JOURNAL_FILE);
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const { keys, torn } = await readKeys(path);
  if (torn) await rewrite(path, keys);
  let lines = keys.size;
  let handle = await open(path, 'a', 0o600);
  let queue: Promise<void> = Promise.resolve();

  const append = async (key: string) => {
    if (keys.has(key)) return;
    await handle.appendFile(`${key}\n`);
    await handle.sync();
    keys.add(key);
    lines += 1;
    if (lines > max) await compact();
  };
  // The key is on disk before this runs: a rewrite that fails leaves the longer file, tried again next time.
  const compact = async () => {
    const newest = [...keys].slice(-keep);
    await handle.close();
    try {
      await rewrite(path, newest);
      keys.clear();
      for (const kept of newest) keys.add(kept);
      lines = keys.size;
    } catch {
      // the old file is whole (the rename is the last step)
    } finally {
      handle = await open(path, 'a', 0o600);
    }
  };

  return {
    has: (key) => keys.has(key),
    add(key) {
      const next = queue.then(() => append(key));
      queue = next.catch(() => undefined);
      return next;
    },
    get size() {
      return keys.size;
    },
    async close() {
      await queue;
      await handle.close();
    },
  };
}

async function readKeys(path: string): Promise<{ keys: Set<string>; torn: boolean }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { keys: new Set(), torn: false };
    throw error;
  }
  const lines = text.split('\n');
  // the text after the last newline: '' for a whole file, part of a key when an append was cut short
  const torn = lines.pop() !== '';
  return { keys: new Set(lines.filter((line) => line !== '')), torn };
}

/** Replaces the file by one holding `keys`: a temporary file, fsync, rename, fsync of the directory. */
async function rewrite(path: string, keys: Iterable<string>): Promise<void> {
  const temporary = `${path}.tmp`;
  const file = await open(temporary, 'w', 0o600);
  try {
    let text = '';
    for (const key of keys) text += `${key}\n`;
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  await syncDirectory(join(path, '..'));
}

async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // some platforms cannot open or sync a directory; the rename is still atomic there
  } finally {
    await handle?.close();
  }
}
