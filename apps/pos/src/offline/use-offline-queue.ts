import type { OfflineTicket } from '@brigade/domain/pos/offline-tickets';
import { drawerKickBytes } from '@brigade/domain/printing/drawer-bytes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checksKey, floorKey, openCheck } from '../check-queries';
import type { StoredDevice } from '../device-store';
import { placeSale, type RegisterData, type Scope, salesKey, syncSales } from '../queries';
import {
  BRIDGE_BUDGET_MS,
  type BridgeOutcome,
  type BridgeSettings,
  printOnBridge,
  sendOnBridge,
} from './print-bridge';
import {
  type Kept,
  type NewKept,
  openSaleQueue,
  type QueuedSale,
  type SaleQueue,
  type Stored,
} from './queue';
import { syncQueue } from './sync';

/**
 * The register's offline queue as the screens see it (decision 063): the sales waiting to be sent and those
 * the server refused, shared by every tab of the register (a BroadcastChannel says when it changed), and
 * sent in order whenever the register is online — at once when it comes back, then every 15 seconds while
 * any wait. One tab sends at a time (a Web Lock); a second round in another tab, or after a crash, sends the
 * same keys and the server counts each sale once.
 */

const CHANNEL = 'brigade-pos-queue';
const LOCK = 'brigade-pos-sync';
const RETRY_MS = 15_000;

let opened: Promise<SaleQueue> | null = null;
const saleQueue = () => {
  opened ??= openSaleQueue();
  return opened;
};

const localListeners = new Set<() => void>();
function announce() {
  for (const listener of localListeners) listener();
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** The register's own queue: its restaurant and device. */
export const placeOf = (scope: Scope, device: Pick<StoredDevice, 'deviceId'>) =>
  `${scope.tenantId}:${scope.restaurantId}:${device.deviceId}`;

/** Keeps a sale made offline, or a check kept open, until it can be sent. */
export async function queueSale<T extends NewKept>(sale: T): Promise<Stored<T>> {
  const stored = await (await saleQueue()).add(sale);
  announce();
  return stored;
}

/** What the register prints through the bridge for a kept sale: its kitchen tickets and the guest's receipt. */
export interface KeptSalePrints {
  tickets: OfflineTicket[];
  receipt: Uint8Array | null;
}

/**
 * Opens the drawer and prints a kept sale's receipt and kitchen tickets through the print bridge, within
 * one budget, then says on the queue which stations printed: the server records those as printed when the
 * sale is sent and prints the others itself. Whatever goes wrong (the documents cannot be made from a
 * register read kept before an update, the queue fails), the sale is let go with nothing printed, so the
 * server prints it all: a duplicate at worst, never a lost ticket.
 */
export async function printKeptSale(
  sale: Kept,
  make: () => KeptSalePrints,
  bridge: BridgeSettings,
  printer: RegisterData['registerPrinter'],
): Promise<BridgeOutcome> {
  try {
    const { tickets, receipt } = make();
    const deadline = Date.now() + BRIDGE_BUDGET_MS;
    const send = (what: string, bytes: Uint8Array) =>
      printer
        ? sendOnBridge(bridge, `${sale.key}:${what}`, printer.ipAddress, bytes, deadline)
        : Promise.resolve(null);
    // the drawer first: the guest waits for the change; then the receipt, then the kitchen
    // a check kept open took no money: no drawer to open
    const drawer =
      printer && printer.drawers > 0 && sale.kind !== 'check'
        ? await send('drawer', drawerKickBytes(printer.drawers))
        : null;
    const printed = receipt ? await send('receipt', receipt) : null;
    const outcome = await printOnBridge(bridge, tickets, deadline);
    await (await saleQueue()).printed(sale.key, outcome.printed);
    announce();
    const said = <T extends string>(done: boolean | null, yes: T, no: T) =>
      done === null ? 'none' : done ? yes : no;
    return {
      ...outcome,
      drawer: said(drawer, 'opened', 'not opened'),
      receipt: said(printed, 'printed', 'not printed'),
    };
  } catch {
    await (await saleQueue()).printed(sale.key, []).catch(() => undefined);
    announce();
    return { printed: [], notPrinted: ['the kitchen'], drawer: 'not opened', receipt: 'none' };
  }
}

/** Takes a refused sale off the queue once a manager has dealt with it. */
export async function dismissSale(key: string): Promise<void> {
  await (await saleQueue()).remove(key);
  announce();
}

export interface OfflineQueueState {
  waiting: number;
  refused: Kept[];
  syncing: boolean;
}

function useQueuedSales(place: string) {
  const [sales, setSales] = useState<Kept[]>([]);
  const reload = useCallback(async () => setSales(await (await saleQueue()).list(place)), [place]);
  useEffect(() => {
    void reload();
    const listener = () => void reload();
    localListeners.add(listener);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', listener);
    return () => {
      localListeners.delete(listener);
      channel?.close();
    };
  }, [reload]);
  return sales;
}

/** Runs one round under the register's lock; another tab's round in progress means this one is not needed. */
async function oneRound(run: () => Promise<void>) {
  if (!navigator.locks) return run();
  await navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await run();
  });
}

export function useOfflineQueue(scope: Scope, device: StoredDevice, offline: boolean): OfflineQueueState {
  const place = placeOf(scope, device);
  const sales = useQueuedSales(place);
  const queryClient = useQueryClient();
  const [syncing, setSyncing] = useState(false);
  const running = useRef(false);
  const waiting = sales.filter((s) => s.state === 'waiting').length;

  const sync = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setSyncing(true);
    try {
      await oneRound(async () => {
        const send = (sale: Kept) =>
          sale.kind === 'check'
            ? openCheck(scope, device.token, sale.body, sale.key)
            : placeSale(scope, device.token, sale.body, sale.key);
        const sendSales = (sales: QueuedSale[]) =>
          syncSales(
            scope,
            device.token,
            sales.map((sale) => ({ idempotencyKey: sale.key, sale: sale.body })),
          );
        const outcome = await syncQueue(await saleQueue(), place, send, announce, sendSales);
        if (outcome.sent + outcome.refused === 0) return;
        announce();
        void queryClient.invalidateQueries({ queryKey: salesKey(scope) });
        void queryClient.invalidateQueries({ queryKey: checksKey(scope) });
        void queryClient.invalidateQueries({ queryKey: floorKey(scope) });
        void queryClient.invalidateQueries({
          queryKey: ['pos', scope.tenantId, scope.restaurantId, 'drawer'],
        });
      });
    } finally {
      running.current = false;
      setSyncing(false);
    }
  }, [scope, device.token, place, queryClient]);

  useEffect(() => {
    if (offline || waiting === 0) return;
    void sync();
    const timer = setInterval(() => void sync(), RETRY_MS);
    return () => clearInterval(timer);
  }, [offline, waiting, sync]);

  return useMemo(
    () => ({ waiting, refused: sales.filter((s) => s.state === 'refused'), syncing }),
    [waiting, sales, syncing],
  );
}
