import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** The part of PGlite's interface Brigade uses (Drizzle's driver, the change feed, the test template). */
export interface EmbeddedTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
}
export interface EmbeddedDatabase extends EmbeddedTransaction {
  transaction<T>(run: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>;
  /** One full garbage collection in the database's thread (after start-up). */
  collectGarbage(): Promise<void>;
  close(): Promise<void>;
}

/** Drizzle's query options: its row mode, and parsers that keep some column types as PostgreSQL's text. */
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

export interface PgliteThreadOptions {
  dataDir: string;
  /** A dump of another data directory (a migrated template) to start from. */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL settings after PGlite's defaults (`-c name=value`). */
  startParams: string[];
  /** Statements run once the database is open (session settings). */
  setup: string[];
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorFields };
type ErrorFields = Record<string, unknown> & { message: string };
interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const WORKER = new URL('./pglite-worker.mjs', import.meta.url);
const YOUNG_GENERATION_MB = 8;

/**
 * PostgreSQL's WebAssembly compiled once per process and its file-system bundle read once, handed to every
 * database thread (a compiled module crosses to a worker without compiling again, and V8's optimised code for
 * it is shared). A process that opens many databases — a test worker opens one per file — paid ~0.3 s of CPU
 * for each to compile the same 9 MB again (issue 49). Null where PGlite's files cannot be found: each thread
 * then loads its own, as PGlite does by itself.
 */
let engineFiles: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array } | null> | undefined;
function sharedEngineFiles() {
  engineFiles ??= (async () => {
    try {
      const dist = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
      const [wasm, fsBundle] = await Promise.all([
        readFile(join(dist, 'pglite.wasm')),
        readFile(join(dist, 'pglite.data')),
      ]);
      // (the server's TypeScript library knows WebAssembly's types, not its global)
      const { WebAssembly: wasmApi } = globalThis as unknown as {
        WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
      };
      return { wasmModule: await wasmApi.compile(wasm), fsBundle: new Uint8Array(fsBundle) };
    } catch {
      return null;
    }
  })();
  return engineFiles;
}

/**
 * PGlite on a thread of its own (issue 20). On the event loop, every statement ran PostgreSQL's WebAssembly and
 * parsed its answer in JavaScript: 0.4-1.8 ms a statement during which no request was answered. Here the
 * server sends each statement to pglite-worker.mjs and awaits the answer; the loop stays free and the
 * database uses the other core. What PGlite guaranteed still holds: one statement at a time, a transaction's
 * statements alone until it ends, and a NOTIFY heard before the statement that sent it returns (the worker
 * posts notifications before that statement's answer, and messages arrive in order).
 */
export class PgliteThread implements EmbeddedDatabase {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Reply | { notify: number; payload: string }) => {
      if ('notify' in message) {
        this.listeners.get(message.notify)?.(message.payload);
        return;
      }
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(Object.assign(new Error(message.error.message), message.error));
    });
    const fail = (error: Error) => {
      this.stopped ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.stopped);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new Error(`The embedded database's thread stopped (exit code ${code})`)),
    );
  }

  /** Starts the thread and opens the database in it; rejects with PGlite's error if it cannot. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir
      ? new Uint8Array(await options.loadDataDir.arrayBuffer())
      : undefined;
    const engine = await sharedEngineFiles();
    const worker = new Worker(WORKER, {
      workerData: { ...options, loadDataDir, ...engine },
      // PGlite's memory is its WebAssembly memory; the thread's JavaScript heap only passes statements and
      // answers through. A small young generation keeps the process under its memory goal (issue 20).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      ...(loadDataDir ? { transferList: [loadDataDir.buffer] } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      const ready = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('message', ready);
        worker.off('error', reject);
        resolve();
      };
      worker.on('message', ready);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`The embedded database did not open (exit code ${code})`)),
      );
    });
    worker.unref();
    return new PgliteThread(worker);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', text, params }, options) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.call({ op: 'exec', text }, options) as Promise<Results[]>;
  }

  /**
   * Runs `run` in one transaction: committed when it resolves, rolled back when it throws. Other statements
   * wait for it to end, as in PGlite itself.
   */
  async transaction<T>(run: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    if (this.stopped) throw this.stopped;
    // Not answered: the thread holds this transaction's statements until BEGIN has run (pglite-worker.mjs).
    const tx = this.nextId++;
    this.worker.postMessage({ op: 'begin', tx });
    const handle: EmbeddedTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.call({ op: 'query', tx, text, params }, options) as Promise<Results<R>>,
      exec: (text: string, options?: QueryOptions) =>
        this.call({ op: 'exec', tx, text }, options) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await run(handle);
    } catch (error) {
      // The caller's error is the one to see (a failed BEGIN answers here too).
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextId++;
    this.listeners.set(listener, onPayload);
    await this.call({ op: 'listen', channel, listener });
    return async () => {
      this.listeners.delete(listener);
      await this.call({ op: 'unlisten', listener });
    };
  }

  async dumpDataDir(compression: 'gzip' | 'none' | 'auto' = 'auto'): Promise<Blob> {
    const bytes = (await this.call({ op: 'dump', compression })) as Uint8Array;
    return new Blob([bytes]);
  }

  async collectGarbage(): Promise<void> {
    await this.call({ op: 'collect' });
  }

  async close(): Promise<void> {
    if (!this.stopped) {
      await this.call({ op: 'close' });
      this.stopped = new Error('PGlite is closed');
    }
    await this.worker.terminate();
  }

  private call(message: Record<string, unknown>, options?: QueryOptions): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // (A parser that cannot cross rejects here, before anything is sent.)
      const wire = { ...message, ...wireOptions(options), id };
      // The thread keeps the process alive only while a statement is on its way.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(wire);
    });
  }
}

/** Drizzle passes the same options object for every run of a prepared statement: translated once. */
const wired = new WeakMap<QueryOptions, { rowMode?: string; textTypes?: number[] }>();
function wireOptions(options: QueryOptions | undefined): { rowMode?: string; textTypes?: number[] } {
  if (!options) return {};
  let wire = wired.get(options);
  if (!wire) {
    wire = {
      ...(options.rowMode ? { rowMode: options.rowMode } : {}),
      ...(options.parsers ? { textTypes: textTypesOf(options.parsers) } : {}),
    };
    wired.set(options, wire);
  }
  return wire;
}

/** The column types a caller's parsers keep as text; any other parser cannot cross to the thread. */
function textTypesOf(parsers: NonNullable<QueryOptions['parsers']>): number[] {
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse('2026-01-01', Number(type)) !== '2026-01-01')
      throw new Error(
        `A parser for type ${type} that does not keep the text cannot run on the database's thread`,
      );
    return Number(type);
  });
}
