import type pg from 'pg';

/**
 * This process's committed writes on PostgreSQL, heard the moment they commit (issue 20). The database
 * announces every write to every instance (LISTEN/NOTIFY), but the announcement reaches even the writing
 * process a moment after its commit returned; a cache in memory (sessions, restaurant versions) must not
 * answer the writer's next read from before its write. So each pooled connection's statements are watched:
 * a statement outside a transaction that is not a read, or the commit of a transaction that ran one, tells
 * the listeners before the caller's `await` resumes. Reads (SELECT, SHOW, SET, set_config) tell nothing.
 * PGlite needs none of this: it delivers a transaction's notifications before the commit returns.
 */
export class CommittedWrites {
  readonly #listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch {
        // one listener's failure must not keep the others stale
      }
    }
  }
}

type StatementKind = 'begin' | 'commit' | 'rollback' | 'read' | 'write';

const READS = new Set(['select', 'show', 'set', 'values', 'explain', 'lock', 'listen', 'unlisten', 'fetch']);

/** What a statement is, by its first word; anything unknown counts as a write (forgetting too much is safe). */
export function statementKind(text: string | undefined): StatementKind {
  const word = /^\s*([a-z]+)/i.exec(text ?? '')?.[1]?.toLowerCase() ?? '';
  if (word === 'begin' || word === 'start') return 'begin';
  if (word === 'commit' || word === 'end') return 'commit';
  if (word === 'rollback' || word === 'abort') return 'rollback';
  return READS.has(word) ? 'read' : 'write';
}

/** Watches every connection the pool opens (see CommittedWrites). */
export function watchCommittedWrites(pool: pg.Pool, writes: CommittedWrites): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let inTransaction = false;
    let wrote = false;
    const settle = (kind: StatementKind, ok: boolean) => {
      if (kind === 'begin') {
        inTransaction = ok;
        wrote = false;
      } else if (kind === 'commit' || kind === 'rollback') {
        if (ok && kind === 'commit' && wrote) writes.emit();
        inTransaction = false;
        wrote = false;
      } else if (kind === 'write' && ok) {
        if (inTransaction) wrote = true;
        else writes.emit();
      }
    };
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const kind = statementKind(typeof first === 'string' ? first : first?.text);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          settle(kind, !error);
          (callback as (e: unknown, r: unknown) => void)(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(
          (value) => {
            settle(kind, true);
            return value;
          },
          (error: unknown) => {
            settle(kind, false);
            throw error;
          },
        );
      }
      return result;
    };
  });
}
