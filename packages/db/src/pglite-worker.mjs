// The embedded database's own thread (issue 20): PGlite (PostgreSQL compiled to WebAssembly) runs here, so
// its statements and the parsing of their answers never hold the server's event loop. pglite-thread.ts is
// the other end; this file is plain JavaScript so that a worker needs no TypeScript loader.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PreparedStatements } from './pglite-statements.mjs';

const { dataDir, loadDataDir, startParams, setup, wasmModule, fsBundle } = workerData;
const pglite = await PGlite.create(dataDir, {
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  // compiled once by the process (pglite-thread.ts), not again by every database's thread
  ...(wasmModule ? { pgliteWasmModule: wasmModule, fsBundle: new Blob([fsBundle]) } : {}),
  startParams: [...PGlite.defaultStartParams, ...startParams],
  // the trigram indexes of the site administrator's searches (migration 0064); PostgreSQL ships it as contrib
  extensions: { pg_trgm },
});
for (const statement of setup) await pglite.exec(statement);
const statements = new PreparedStatements(pglite);

/**
 * Transactions by the id the server gave them. `begin` is not answered: the statements sent after it wait
 * here until PGlite has opened the transaction (one round trip fewer per transaction), and fail with its
 * error if BEGIN failed.
 */
const transactions = new Map();
const unlisten = new Map();

/**
 * The column types Drizzle's driver keeps as PostgreSQL's text: dates, times and intervals, their arrays and
 * numeric[] (drizzle-orm/pglite passes them as parsers with every statement it sends).
 */
const TABLE_TEXT_TYPES = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];
/** Of those, the arrays and their element types (to parse an array as PGlite would, element by element). */
const ARRAY_ELEMENT = new Map([
  [1115, 1114],
  [1182, 1082],
  [1185, 1184],
  [1187, 1186],
  [1231, 1700],
]);
const keepText = (value) => value;

/**
 * PGlite copies its table of every type's parser (hundreds of entries) into a new object for each statement
 * that brings parsers of its own, to merge them in: ~150 µs of this thread a statement (issue 20), and Drizzle
 * brings them with every one. So the table itself keeps Drizzle's text types as text, and Drizzle's
 * statements bring no parsers; a statement that asks for another set gets the difference as its parsers
 * (PGlite's own parsing back for the types it did not ask to keep). PGlite rebuilds the array entries when
 * it reloads its types, so the table is checked before each statement; where it has no table (another
 * PGlite), every statement brings its parsers as before.
 */
const own = new Map();
function tableKeepsText() {
  const table = pglite.parsers;
  if (!table || typeof table !== 'object') return false;
  for (const type of TABLE_TEXT_TYPES) {
    if (table[type] === keepText) continue;
    if (!ARRAY_ELEMENT.has(type)) own.set(type, table[type]);
    table[type] = keepText;
  }
  return true;
}
/** PGlite's own parser of a type the table keeps as text. */
function ownParser(type) {
  const element = ARRAY_ELEMENT.get(type);
  if (element === undefined) return own.get(type) ?? keepText;
  const parseElement = TABLE_TEXT_TYPES.includes(element)
    ? ownParser(element)
    : (value) => (pglite.parsers[element] ?? keepText)(value, element);
  return (value) => types.arrayParser(value, parseElement, type);
}

/** A statement's parsers, by the types it keeps as text (none: PGlite's parsing of every type). */
const statementParsers = new Map();
function parsersOf(textTypes = []) {
  const tabled = tableKeepsText();
  const key = `${tabled}:${textTypes.join(',')}`;
  if (statementParsers.has(key)) return statementParsers.get(key);
  const parsers = {};
  if (tabled) {
    for (const type of TABLE_TEXT_TYPES) if (!textTypes.includes(type)) parsers[type] = ownParser(type);
  }
  for (const type of textTypes) if (!tabled || !TABLE_TEXT_TYPES.includes(type)) parsers[type] = keepText;
  const answer = Object.keys(parsers).length > 0 ? parsers : undefined;
  statementParsers.set(key, answer);
  return answer;
}

const queryOptions = (message) => {
  const parsers = parsersOf(message.textTypes);
  return {
    ...(message.rowMode ? { rowMode: message.rowMode } : {}),
    ...(parsers ? { parsers } : {}),
  };
};

/** What a statement runs on: its transaction's handle once open, or the database (after open transactions). */
async function executor(message) {
  if (message.tx === undefined) return pglite;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`transaction ${message.tx} is not open`);
  return (await open.opened).tx;
}

/** A database error as fields the other thread turns back into an Error (code, constraint, detail...). */
function errorOf(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/** Opens transaction `id` inside PGlite's transaction callback, which lasts until `end` settles it. */
function begin(id) {
  let inside;
  const opened = new Promise((resolve, reject) => {
    inside = { resolve, reject };
  });
  const done = pglite.transaction(
    (tx) =>
      new Promise((commit, rollback) => {
        inside.resolve({ tx, commit, rollback });
      }),
  );
  // BEGIN failed: the callback never ran; the statements waiting for it get the error.
  done.catch((error) => inside.reject(error));
  opened.catch(() => {});
  transactions.set(id, { opened, done });
}

/** Commits (answering COMMIT's error, if any) or rolls back transaction `message.tx`. */
async function end(message) {
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`transaction ${message.tx} is not open`);
  transactions.delete(message.tx);
  const settle = await open.opened;
  if (message.commit) {
    settle.commit();
    await open.done;
    return null;
  }
  const reason = new Error('rollback');
  settle.rollback(reason);
  await open.done.catch((error) => {
    if (error !== reason) throw error;
  });
  return null;
}

/** A statement with parameters: prepared once by its text (pglite-statements.mjs). */
async function query(message) {
  const target = await executor(message);
  if (!statements.usable) return target.query(message.text, message.params, queryOptions(message));
  return message.tx === undefined
    ? statements.query(message.text, message.params, queryOptions(message))
    : statements.inTransaction(message.text, message.params, queryOptions(message));
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return query(message);
    case 'exec':
      statements.noteSimpleQuery(message.text);
      return (await executor(message)).exec(message.text, queryOptions(message));
    case 'end':
      return end(message);
    case 'listen': {
      const stop = await pglite.listen(message.channel, (payload) =>
        parentPort.postMessage({ notify: message.listener, payload }),
      );
      unlisten.set(message.listener, stop);
      return null;
    }
    case 'unlisten': {
      const stop = unlisten.get(message.listener);
      unlisten.delete(message.listener);
      await stop?.();
      return null;
    }
    case 'dump': {
      const dump = await pglite.dumpDataDir(message.compression);
      return new Uint8Array(await dump.arrayBuffer());
    }
    case 'collect':
      // One full collection (after start-up: migrations and the seed leave garbage the thread would keep).
      setFlagsFromString('--expose-gc');
      runInNewContext('gc')();
      return null;
    case 'close':
      await pglite.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  // Synchronously, so that the statements sent after it find the transaction.
  if (message.op === 'begin') return begin(message.tx);
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: errorOf(error) }),
  );
});
parentPort.postMessage({ ready: true });
