import type { PlacePosOrderInput } from '@brigade/domain/pos/api';
import type { OpenCheckInput } from '@brigade/domain/pos/checks';

/**
 * The sales a register made, and the checks it kept open, while it could not reach the server
 * (docs/behaviour/pos.md#offline, decisions 063 and 072), kept in the browser's IndexedDB until they are
 * sent. Each keeps the Idempotency-Key made at that moment, so however often it is sent — by two tabs, or
 * again after the browser died mid-send — the server records it once. They are kept in the order they were
 * made (`seq`), per register (`place`).
 */

interface KeptEntry {
  /** Order of keeping, given by the store. */
  seq: number;
  /** `tenantId:restaurantId:deviceId`: a register's own queue. */
  place: string;
  /** The Idempotency-Key, made when the cash was taken or the check kept. */
  key: string;
  /** What the register priced it at, to show while it waits. */
  total: number;
  /** When the sale was made, or the check kept. */
  soldAt: string;
  /** `refused`: the server answered that it cannot record it as it is; a manager looks at it. */
  state: 'waiting' | 'refused';
  problem?: string;
  /**
   * Set while the print bridge prints the kitchen tickets: it is not sent until the bridge says which
   * printed (or a minute has gone: the tab died mid-print), so the server does not print them too.
   */
  printingSince?: string | undefined;
}

/** A cash sale made offline, sent to `POST …/pos/orders`. */
export interface QueuedSale extends KeptEntry {
  kind?: undefined;
  body: PlacePosOrderInput;
  change: number;
}

/**
 * A check kept open to pay later (decision 072), sent to `POST …/pos/checks` with `send`: it opens as a tab
 * with its lines sent to the kitchen, and is paid later on any register.
 */
export interface QueuedCheck extends KeptEntry {
  kind: 'check';
  body: OpenCheckInput;
}

/** What a register keeps while offline: cash sales and checks kept open, in the order they were made. */
export type Kept = QueuedSale | QueuedCheck;

type Fresh<T> = Omit<T, 'seq' | 'state' | 'problem'>;
export type NewQueuedSale = Fresh<QueuedSale>;
export type NewKept = Fresh<QueuedSale> | Fresh<QueuedCheck>;
/** A kept entry as the store gives it back. */
export type Stored<T extends NewKept> = T & { seq: number; state: 'waiting' };

/** How long a sale waits for its tickets' printing before it is sent regardless. */
export const PRINTING_WAIT_MS = 60_000;

export const isPrinting = (sale: Kept, now = Date.now()) =>
  sale.printingSince !== undefined && now - Date.parse(sale.printingSince) < PRINTING_WAIT_MS;

const STORE = 'sales';
export const QUEUE_DB = 'brigade-pos-offline';

export interface SaleQueue {
  add<T extends NewKept>(sale: T): Promise<Stored<T>>;
  /** The register's kept sales and checks, oldest first. */
  list(place: string): Promise<Kept[]>;
  remove(key: string): Promise<void>;
  refuse(key: string, problem: string): Promise<void>;
  /** The print bridge is done with the sale's tickets: those stations printed, the server prints the rest. */
  printed(key: string, stations: number[]): Promise<void>;
  close(): void;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The offline queue write was aborted'));
  });

/** Opens the queue (creating it the first time). `factory` is the browser's indexedDB, or a test's. */
export async function openSaleQueue(factory: IDBFactory = indexedDB, name = QUEUE_DB): Promise<SaleQueue> {
  const opening = factory.open(name, 1);
  opening.onupgradeneeded = () => {
    const store = opening.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    store.createIndex('key', 'key', { unique: true });
    store.createIndex('place', 'place');
  };
  const db = await done(opening);
  return {
    async add(sale) {
      const tx = db.transaction(STORE, 'readwrite');
      const stored = { ...sale, state: 'waiting' as const };
      const seq = await done(tx.objectStore(STORE).add(stored));
      await committed(tx);
      return { ...stored, seq: seq as number } as Stored<typeof sale>;
    },
    async list(place) {
      const tx = db.transaction(STORE, 'readonly');
      const sales = (await done(tx.objectStore(STORE).index('place').getAll(place))) as Kept[];
      return sales.sort((a, b) => a.seq - b.seq);
    },
    async remove(key) {
      await update(db, key, (store, seq) => store.delete(seq));
    },
    async refuse(key, problem) {
      await update(db, key, (store, _seq, sale) => store.put({ ...sale, state: 'refused', problem }));
    },
    async printed(key, stations) {
      await update(db, key, (store, _seq, sale) => {
        const { printingSince: _done, ...rest } = sale;
        const offline = sale.body.offline && { ...sale.body.offline, printedStations: stations };
        store.put({ ...rest, body: { ...sale.body, ...(offline ? { offline } : {}) } } as Kept);
      });
    },
    close: () => db.close(),
  };
}

/** Changes the sale of a key in one transaction; nothing when it is gone already (another tab sent it). */
async function update(
  db: IDBDatabase,
  key: string,
  change: (store: IDBObjectStore, seq: number, sale: Kept) => void,
): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  const sale = (await done(store.index('key').get(key))) as Kept | undefined;
  if (sale) change(store, sale.seq, sale);
  await committed(tx);
}
