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
  readonly #listeners = new Set<(tables: WrittenTables) => void>();

  /** `listener` hears the tables each committed write touched (`*`: some statement's table is unknown). */
  subscribe(listener: (tables: WrittenTables) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(tables: WrittenTables): void {
    for (const listener of this.#listeners) {
      try {
        listener(tables);
      } catch {
        // one listener's failure must not keep the others stale
      }
    }
  }
}

type StatementKind = 'begin' | 'commit' | 'rollback' | 'read' | 'write';

/** The tables a committed write touched, by name; `*` among them when a statement's table is not known. */
export type WrittenTables = ReadonlySet<string>;

/** Whether a committed write may have touched one of `tables` (issue 48: caches forget only on theirs). */
export const touches = (written: WrittenTables, tables: ReadonlySet<string>): boolean => {
  if (written.has('*')) return true;
  for (const table of written) if (tables.has(table)) return true;
  return false;
};

const WRITTEN_TABLE =
  /^\s*(?:insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?|truncate(?:\s+table)?)\s+(?:"?([a-z_][a-z0-9_]*)"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?[\s(]/i;

/** Every insert, update or delete inside a statement; not `FOR UPDATE` nor `ON CONFLICT … DO UPDATE`. */
const WRITES_WITHIN =
  /(?<!(?:for|key|do)\s+)\b(?:insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?)\s+(?:"?([a-z_][a-z0-9_]*)"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?[\s(]/gi;

const tableName = (schema: string | undefined, table: string) => {
  const lower = schema?.toLowerCase();
  return lower && lower !== 'public' ? `${lower}.${table.toLowerCase()}` : table.toLowerCase();
};

/**
 * The table a write statement names first (`insert into "orders"`, `update sessions`, `delete from
 * "public"."users"`), lower-cased; for a CTE (`with … as (update pgboss.job …)`, pg-boss's every fetch) the
 * one table its parts write; `*` when the statement is anything else (a CTE writing several tables or none
 * that can be named, a function, DDL): what a statement touches beyond its table (triggers, cascades) is
 * the listeners' to know.
 */
export function writtenTable(text: string | undefined): string {
  const padded = `${text ?? ''} `;
  const match = WRITTEN_TABLE.exec(padded);
  if (match) return tableName(match[1], match[2]!);
  if (!/^\s*with\b/i.test(padded)) return '*';
  const tables = new Set([...padded.matchAll(WRITES_WITHIN)].map((m) => tableName(m[1], m[2]!)));
  return tables.size === 1 ? [...tables][0]! : '*';
}

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
    let written = new Set<string>();
    const settle = (kind: StatementKind, table: string, ok: boolean) => {
      if (kind === 'begin') {
        inTransaction = ok;
        written = new Set();
      } else if (kind === 'commit' || kind === 'rollback') {
        if (ok && kind === 'commit' && written.size > 0) writes.emit(written);
        inTransaction = false;
        written = new Set();
      } else if (kind === 'write' && ok) {
        if (inTransaction) written.add(table);
        else writes.emit(new Set([table]));
      }
    };
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      const kind = statementKind(text);
      const table = kind === 'write' ? writtenTable(text) : '';
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          settle(kind, table, !error);
          (callback as (e: unknown, r: unknown) => void)(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).then(
          (value) => {
            settle(kind, table, true);
            return value;
          },
          (error: unknown) => {
            settle(kind, table, false);
            throw error;
          },
        );
      }
      return result;
    };
  });
}
