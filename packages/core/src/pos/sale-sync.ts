import type { Actor } from '@brigade/domain/access';
import { type BrigadeError, isBrigadeError, STATUS_BY_KIND } from '@brigade/domain/errors';
import { type PosOrder, placePosOrderSchema } from '@brigade/domain/pos/api';
import {
  type SyncAnswer,
  type SyncResult,
  type SyncSalesInput,
  syncSalesSchema,
} from '@brigade/domain/pos/sync';
import { findOrdersByKeys, type TicketContext, ticketContextIn } from '../ordering/index';
import { registerServerOf } from '../staff/index';
import { validateInput } from '../validate';
import {
  type PreparedCash,
  type PricedCash,
  prepareCash,
  priceCash,
  saleKey,
  writeCashSales,
} from './cash-sale';
import type { DeviceRow, RestaurantScope } from './device-repository';
import {
  type PosDeps,
  placeFrom,
  type RegisterPlace,
  registerDevice,
  type SellingBasis,
  type SoldMoment,
  sellingBasis,
} from './register';
import { replay } from './sale';
import { type SaleRow, type TenderRow, tendersOf } from './sale-repository';

/**
 * A register's offline queue in batches (docs/behaviour/pos.md#offline, decision 073). Each sale is what
 * `POST …/pos/orders` records, under its own key, answered as that call would answer it. Every sale is checked
 * and priced before anything is written (a refusal writes nothing), then the batch's new sales are written
 * together, one statement per table, in the request's transaction: a batch cut off before its commit records
 * none (the register sends it again; the keys make each sale once). What a sale is priced by — the device, the
 * restaurant, its taxes, menus and who serves — is read once a batch, not once a sale.
 */

export interface SyncPosOrdersCall extends RestaurantScope {
  token: unknown;
  body: SyncSalesInput;
}

/** A refusal that sending again cannot change: the sale is refused and the batch goes on. */
const refusedForGood = (status: number) => status === 400 || status === 422;

/** What became of one sale of the batch before the writes. */
type Step =
  | { idempotencyKey: string; refused: BrigadeError }
  | { idempotencyKey: string; recorded: SaleRow; prepared: PreparedCash }
  | { idempotencyKey: string; twin: PreparedCash }
  | { idempotencyKey: string; priced: PricedCash };

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
  const placeAt = batchPlaces(deps, actor, found);
  const now = deps.now?.() ?? new Date();
  const steps: Step[] = [];
  const pricedKeys = new Set<string>();
  for (const { idempotencyKey, sale } of sales) {
    const step = await stepOf(idempotencyKey, sale);
    steps.push(step);
    if ('refused' in step && !refusedForGood(STATUS_BY_KIND[step.refused.kind])) break;
  }
  const priced = steps.flatMap((step) => ('priced' in step ? [step.priced] : []));
  const written = await writeCashSales(deps, actor, found.device, priced, {
    tickets: ticketRouting(deps, found.resolved),
  });
  const writtenOf = new Map(priced.map((sale, index) => [sale.key, written[index] ?? null]));
  // a key another request wrote meanwhile, or twice in this batch: its sale, as a resend is answered
  const holders = await findOrdersByKeys(
    deps.db,
    found.device,
    steps.flatMap((step) =>
      'twin' in step || ('priced' in step && !writtenOf.get(step.priced.key)) ? [step.idempotencyKey] : [],
    ),
  );
  const tendersByOrder = await recordedTenders(deps, found.device, steps);
  const results: SyncResult[] = [];
  for (const step of steps) results.push(await resultOf(step));
  return { results };

  async function stepOf(idempotencyKey: string, sale: unknown): Promise<Step> {
    try {
      const prepared = prepareCash(saleKey(idempotencyKey), validateInput(placePosOrderSchema, sale), now);
      const recorded = known.get(prepared.key);
      if (recorded) return { idempotencyKey, recorded, prepared };
      if (pricedKeys.has(prepared.key)) return { idempotencyKey, twin: prepared };
      const step = { idempotencyKey, priced: priceCash(await placeAt(prepared.sold), prepared) };
      pricedKeys.add(prepared.key);
      return step;
    } catch (error) {
      if (!isBrigadeError(error)) throw error;
      return { idempotencyKey, refused: error };
    }
  }

  async function resultOf(step: Step): Promise<SyncResult> {
    const { idempotencyKey } = step;
    try {
      if ('refused' in step) throw step.refused;
      // a sale recorded before the batch comes with its tenders read; a holder's reads its own
      const answer = (row: SaleRow, hash: string) =>
        replay(deps, found.device.name, row, hash, tendersByOrder.get(row.orderId));
      const sale: PosOrder | null | undefined =
        'recorded' in step
          ? await answer(step.recorded, step.prepared.hash)
          : 'priced' in step
            ? (writtenOf.get(step.priced.key) ??
              (await answer(holders.get(idempotencyKey)!, step.priced.hash)))
            : await answer(holders.get(idempotencyKey)!, step.twin.hash);
      return { idempotencyKey, status: 201, sale: sale! };
    } catch (error) {
      if (!isBrigadeError(error)) throw error;
      return refusalOf(idempotencyKey, error);
    }
  }
}

/**
 * The place of each sale of a batch: the basis and the server read at the first sale that needs pricing (a
 * batch of replays reads neither), the menus of a moment assembled once a minute sold in (what a menu shows
 * changes at whole minutes: its time ranges are HH:MM).
 */
function batchPlaces(
  deps: PosDeps,
  actor: Actor,
  found: { resolved: SellingBasis['resolved']; device: DeviceRow },
): (sold: SoldMoment | undefined) => Promise<RegisterPlace> {
  const { device } = found;
  let read: Promise<{ basis: SellingBasis; serverEmployeeId: string | null }> | undefined;
  const places = new Map<number, Promise<RegisterPlace>>();
  return (sold) => {
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
  };
}

/** A sale's refusal as its result: the status and problem its own request would have answered. */
function refusalOf(idempotencyKey: string, error: BrigadeError): SyncResult {
  const status = STATUS_BY_KIND[error.kind];
  const problem = {
    status,
    code: error.code,
    detail: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
  };
  return { idempotencyKey, status, problem };
}

/** The tenders of every sale answered from the record, in one read (a register resending its whole queue). */
async function recordedTenders(
  deps: PosDeps,
  device: DeviceRow,
  steps: readonly Step[],
): Promise<Map<number, TenderRow[]>> {
  const recordedIds = steps.flatMap((step) => ('recorded' in step ? [step.recorded.orderId] : []));
  const byOrder = new Map<number, TenderRow[]>(recordedIds.map((orderId) => [orderId, []]));
  for (const tender of await tendersOf(deps.db, device, recordedIds))
    byOrder.get(tender.orderId)?.push(tender);
  return byOrder;
}

/** The kitchen's routing, read once for the batch when a sale needs it. */
function ticketRouting(deps: PosDeps, resolved: SellingBasis['resolved']): () => Promise<TicketContext> {
  let routing: Promise<TicketContext> | undefined;
  return () => (routing ??= ticketContextIn(deps.db, resolved, deps.menuCache));
}
