import type { PlacePosOrderInput } from '@brigade/domain/pos/api';

/**
 * The sales a register made while it could not reach the server (docs/behaviour/pos.md#offline, decision
 * 063), kept in the browser's IndexedDB until they are sent. Each keeps the Idempotency-Key made at the
 * moment of sale, so however often it is sent — by two tabs, or again after the browser died mid-send — the
 * server records it once. Sales are kept in the order they were made (`seq`), per register (`place`).
 */

export interface QueuedSale {
  /** Order of sale, given by the store. */
  seq: number;
  /** `tenantId:restaurantId:deviceId`: a register's own queue. */
  place: string;
  /** The Idempotency-Key, made when the cash was taken. */
  key: string;
  body: PlacePosOrderInput;
  /** What the register charged, to show while it waits. */
  total: number;
  change: number;
  soldAt: string;
  /** `refused`: the server answered that it cannot record it as it is; a manager looks at it. */
  state: 'waiting' | 'refused';
  problem?: string;
  /**
   * Set while the print bridge prints the sale's kitchen tickets: the sale is not sent until it says which
   * printed (or a minute has gone: the tab died mid-print), so the server does not print them too.
   */
  printingSince?: string | undefined;
}

export type NewQueuedSale = Omit<QueuedSale, 'seq' | 'state' | 'problem'>;

/** How long a sale waits for its tickets' printing before it is sent regardless. */
export const PRINTING_WAIT_MS = 60_000;

export const isPrinting = (sale: QueuedSale, now = Date.now()) =>
  sale.printingSince !== undefined && now - Date.parse(sale.printingSince) < PRINTING_WAIT_MS;

const STORE = 'sales';
export const QUEUE_DB = 'brigade-pos-offline';

export interface SaleQueue {
  add(sale: NewQueuedSale): Promise<QueuedSale>;
  /** The register's sales, oldest first. */
  list(place: string): Promise<QueuedSale[]>;
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
      return { ...stored, seq: seq as number };
    },
    async list(place) {
      const tx = db.transaction(STORE, 'readonly');
      const sales = (await done(tx.objectStore(STORE).index('place').getAll(place))) as QueuedSale[];
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
        store.put({ ...rest, body: { ...sale.body, ...(offline ? { offline } : {}) } });
      });
    },
    close: () => db.close(),
  };
}

/** Changes the sale of a key in one transaction; nothing when it is gone already (another tab sent it). */
async function update(
  db: IDBDatabase,
  key: string,
  change: (store: IDBObjectStore, seq: number, sale: QueuedSale) => void,
): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  const sale = (await done(store.index('key').get(key))) as QueuedSale | undefined;
  if (sale) change(store, sale.seq, sale);
  await committed(tx);
}
