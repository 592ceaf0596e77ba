// Named prepared statements for the embedded database's thread (issue 41). PGlite's own `query` sends every
// statement as an unnamed one: Parse, Describe, Bind, Describe, Execute and Sync, six passes through
// PostgreSQL, so each statement is parsed, analysed and planned again. An application sends the same few
// hundred statement texts over and over; here each text is parsed once under a name (with its parameter
// types and the shape of its rows kept), and later runs are one pass: Bind, Execute, Sync. PostgreSQL's plan
// cache then plans them as any prepared statement (a generic plan once it is as good as the custom ones).
// Plain JavaScript beside pglite-worker.mjs, which needs no TypeScript loader.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statement texts kept prepared; the least recently used beyond it is closed. */
export const STATEMENTS_KEPT = 500;
/** PostgreSQL's "cached plan must not change result type" and "prepared statement does not exist". */
const STALE_CODES = new Set(['0A000', '26000']);
/** A statement that changes the schema: every kept statement's row shape may change with it. */
const SCHEMA_CHANGE = /^\s*(alter|drop|create|comment|truncate|discard|deallocate)\b/i;

const concat = (parts) => {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
};

/**
 * The statements of one PGlite instance. `usable` is false where the instance lacks the methods this needs
 * (another PGlite version): its caller then sends statements through PGlite's own `query`.
 */
export class PreparedStatements {
  #pglite;
  #kept = new Map();
  #closing = [];
  #next = 0;

  constructor(pglite) {
    this.#pglite = pglite;
    this.usable =
      typeof pglite._runExclusiveQuery === 'function' &&
      typeof pglite._runExclusiveTransaction === 'function' &&
      typeof pglite.execProtocolStream === 'function';
  }

  /** Runs a statement outside any transaction (it waits for open ones, as PGlite's `query` does). */
  query(text, params, options) {
    return this.#pglite._runExclusiveTransaction(() => this.inTransaction(text, params, options, true));
  }

  /** Runs a statement inside the transaction the caller holds. */
  inTransaction(text, params, options, alone = false) {
    return this.#pglite._runExclusiveQuery(async () => {
      try {
        return await this.#run(text, params, options);
      } catch (error) {
        if (!STALE_CODES.has(error?.code)) throw error;
        // A schema change or a DISCARD since the statement was kept: prepare it again. Inside a
        // transaction the error has aborted it, so only a statement on its own is tried again.
        this.forget();
        if (!alone) throw error;
        return this.#run(text, params, options);
      }
    });
  }

  /** A statement sent as simple query text: a schema change makes every kept statement suspect. */
  noteSimpleQuery(text) {
    if (SCHEMA_CHANGE.test(text)) this.forget();
  }

  /** Drops every kept statement (closed with the next statement sent). */
  forget() {
    for (const { name } of this.#kept.values()) this.#closing.push(name);
    this.#kept.clear();
  }

  async #run(text, params = [], options = {}) {
    const statement = await this.#statementOf(text);
    const values = params.map((param, index) => this.#valueOf(param, statement.paramTypes[index], options));
    const closes = this.#closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
    const messages = await this.#pglite.execProtocolStream(
      concat([
        ...closes,
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described = statement.rows ? [statement.rows, ...messages] : messages;
    return parse.parseResults(described, this.#pglite.parsers, options)[0];
  }

  /** The kept statement of a text, prepared (Parse and Describe in one pass) on first use. */
  async #statementOf(text) {
    const kept = this.#kept.get(text);
    if (kept) {
      this.#kept.delete(text);
      this.#kept.set(text, kept);
      return kept;
    }
    this.#next += 1;
    const name = `brigade_${this.#next}`;
    const messages = await this.#pglite.execProtocolStream(
      concat([serialize.parse({ text, name }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rows: messages.find((message) => message.name === 'rowDescription') ?? null,
    };
    this.#kept.set(text, statement);
    if (this.#kept.size > STATEMENTS_KEPT) {
      const [oldest] = this.#kept.keys();
      this.#closing.push(this.#kept.get(oldest).name);
      this.#kept.delete(oldest);
    }
    return statement;
  }

  /** A parameter as PGlite's `query` sends it: its type's serializer, or its text. */
  #valueOf(param, type, options) {
    if (param === null || param === undefined) return null;
    const serializer = options.serializers?.[type] ?? this.#pglite.serializers[type];
    return serializer ? serializer(param) : param.toString();
  }

  /** How many statements are kept (tests). */
  get size() {
    return this.#kept.size;
  }
}
