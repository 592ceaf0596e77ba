import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { isBrigadeError, STATUS_BY_KIND } from '@brigade/domain/errors';
import { placePosOrderSchema } from '@brigade/domain/pos/api';
import {
  type SyncAnswer,
  type SyncResult,
  type SyncSalesInput,
  syncSalesSchema,
} from '@brigade/domain/pos/sync';
import { type TicketContext, ticketContextOf } from '../ordering/kitchen-printing';
import { findOrdersByKeys } from '../ordering/ordering-repository';
import { registerServerOf } from '../staff/index';
import { validateInput } from '../validate';
import type { DeviceRow, RestaurantScope } from './device-repository';
import { openSessionOf } from './drawer-repository';
import {
  type PosDeps,
  placeFrom,
  type RegisterPlace,
  registerDevice,
  type SellingBasis,
  sellingBasis,
} from './register';
import { ringUpCash, type SaleReads, saleKey } from './sale';
import type { SaleRow } from './sale-repository';

/**
 * A register's offline queue in batches (docs/behaviour/pos.md#offline, decision 073). Each sale is what
 * `POST …/pos/orders` records, under its own key and in its own savepoint, so one refused sale undoes nothing
 * else and a batch cut off before its commit records none (the register sends it again; the keys make each
 * sale once). What a sale is priced by — the device, the restaurant, its taxes, menus and who serves — is read
 * once a batch, not once a sale.
 */

export interface SyncPosOrdersCall extends RestaurantScope {
  token: unknown;
  body: SyncSalesInput;
}

/** A refusal that sending again cannot change: the sale is refused and the batch goes on. */
const refusedForGood = (status: number) => status === 400 || status === 422;

export async function syncPosOrders(
  deps: PosDeps,
  actor: Actor,
  call: SyncPosOrdersCall,
): Promise<SyncAnswer> {
  const { sales } = validateInput(syncSalesSchema, call.body);
  const found = await registerDevice(deps, actor, call, call.token);
  const known = await findOrdersByKeys(
    deps.db,
    found.device,
    sales.map((entry) => entry.idempotencyKey),
  );
  const reads = batchReads(deps, actor, found, known);
  const results: SyncResult[] = [];
  for (const { idempotencyKey, sale } of sales) {
    try {
      const recorded = await deps.db.transaction((tx) =>
        ringUpCash(
          { ...deps, db: tx as unknown as Executor },
          actor,
          {
            device: found.device,
            key: saleKey(idempotencyKey),
            request: validateInput(placePosOrderSchema, sale),
          },
          reads,
        ),
      );
      results.push({ idempotencyKey, status: 201, sale: recorded });
      reads.settle(true);
    } catch (error) {
      reads.settle(false);
      if (!isBrigadeError(error)) throw error;
      const status = STATUS_BY_KIND[error.kind];
      const problem = {
        status,
        code: error.code,
        detail: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
      results.push({ idempotencyKey, status, problem });
      if (!refusedForGood(status)) break;
    }
  }
  return { results };
}

/**
 * What the sales of a batch read once: the keys recorded before it; the basis and the server at the first sale
 * that needs pricing (a batch of replays reads neither), the menus of each sale's moment assembled from them;
 * the kitchen's routing; and the register's drawer session, which stays locked by this transaction once a
 * recorded sale locked it (a sale rolled back to its savepoint lets its lock go: the next sale reads it again).
 */
function batchReads(
  deps: PosDeps,
  actor: Actor,
  found: { resolved: SellingBasis['resolved']; device: DeviceRow },
  known: Map<string, SaleRow>,
): SaleReads & { settle: (recorded: boolean) => void } {
  const { device } = found;
  let read: Promise<{ basis: SellingBasis; serverEmployeeId: string | null }> | undefined;
  let tickets: Promise<TicketContext> | undefined;
  // what a menu shows changes at whole minutes (its time ranges are HH:MM): one place a minute sold in
  const places = new Map<number, Promise<RegisterPlace>>();
  type Session = { sessionId: number } | null;
  let drawer: { locked: true; session: Session } | { locked: false; session?: Session } = { locked: false };
  return {
    recorded: (key) => known.get(key) ?? null,
    placeAt: (sold) => {
      const minute = Math.floor((sold?.at ?? deps.now?.() ?? new Date()).getTime() / 60_000);
      const key = sold ? minute : -minute;
      let place = places.get(key);
      if (!place) {
        read ??= (async () => ({
          serverEmployeeId: await registerServerOf(deps.db, actor, device),
          basis: await sellingBasis(deps, found.resolved, device),
        }))();
        place = read.then(async ({ basis, serverEmployeeId }) => ({
          ...(await placeFrom(deps, basis, 'pos', sold)),
          serverEmployeeId,
        }));
        places.set(key, place);
      }
      return place;
    },
    tickets: () => (tickets ??= ticketContextOf(deps.db, device)),
    drawer: async () => {
      if (drawer.locked) return drawer.session;
      const session = await openSessionOf(deps.db, device, device.deviceId, true);
      drawer = { locked: false, session };
      return session;
    },
    settle: (recorded) => {
      if (drawer.locked || drawer.session === undefined) return;
      drawer = recorded ? { locked: true, session: drawer.session } : { locked: false };
    },
  };
}
