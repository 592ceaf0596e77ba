import type { Executor } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { printers } from '@brigade/db/schema/catalogue';
import { sideBySide } from '@brigade/db/side-by-side';
import type { PricedLine } from '@brigade/domain/ordering/line-pricing';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { paidAtCounter } from '@brigade/domain/pos/api';
import { kioskOrderName } from '@brigade/domain/pos/kiosk';
import {
  cardPartSlips,
  printedReceipts,
  type ReceiptContent,
  type ReceiptInput,
  receiptContent,
} from '@brigade/domain/pos/receipt';
import { encodeReceipt, encodeReceipts } from '@brigade/domain/printing/receipt-bytes';
import { and, eq } from 'drizzle-orm';
import { resolveCatalogueScope, scopeWhere } from '../catalogue/index';
import type { JobContext } from '../jobs/index';
import {
  findOrder,
  isCloudPrinter,
  isReachable,
  liveNumber,
  type OrderRow,
  type PrintDeps,
} from '../ordering/index';
import { EPOS_MEDIA_TYPE, eposReceipt, STAR_MEDIA_TYPE } from '../printing/index';
import { type PublicSites, publicMenuTarget } from '../qr/index';
import { findRestaurant } from '../tenancy/index';
import { leaveForCloudPrinter } from './cloud-documents';
import { findDevice } from './device-repository';
import { tendersOf } from './sale-repository';

export { encodeReceipt, encodeReceipts };

/**
 * The `pos.receipt` job (docs/behaviour/pos.md#receipts): prints a register sale's receipt on the printer of
 * the register that took it — the printer's paper width, receipt font size and custom footer, a QR code to
 * the restaurant's website. Throws while tries are left (the queue retries a printer that is off). A cloud
 * printer's receipt is left in the print queue; its failure queues the next try while tries are left.
 */

export interface ReceiptJob {
  tenantId: number;
  restaurantId: number;
  orderId: number;
  printerId: number;
  reprint?: boolean;
  /** A card that paid part of a check (split tender): its own slip, not the check's receipt. */
  tenderId?: number;
  /** Tries made before this job: a cloud printer's failure queues the next try as a new job. */
  cloudTry?: number;
}

export async function printReceiptJob(
  deps: PrintDeps & { sites: PublicSites },
  job: ReceiptJob,
  context: JobContext = { id: 'now', retryCount: 0, retryLimit: 0 },
): Promise<'printed' | 'left for the printer' | 'nothing to print'> {
  const scope = { tenantId: job.tenantId, restaurantId: job.restaurantId };
  const [printer] = await deps.db
    .select()
    .from(printers)
    .where(and(scopeWhere(printers, scope), eq(printers.printerId, job.printerId)))
    .limit(1);
  const order = await findOrder(deps.db, scope, job.orderId);
  if (
    !printer ||
    !isReachable(printer) ||
    !order ||
    !paidAtCounter(order.channel) ||
    order.status === 'cancelled'
  )
    return 'nothing to print';
  const input = await saleReceiptInput(deps.db, deps.sites, order, {
    customFooter: printer.customFooter,
    reprint: job.reprint === true,
  });
  // one print: a card waiting for its written tip gives both copies, one after the other, cut between
  const copies = job.tenderId === undefined ? printedReceipts(input) : partSlips(input, job.tenderId);
  if (copies.length === 0) return 'nothing to print';
  if (isCloudPrinter(printer)) {
    const document =
      printer.connection === 'Epson Server Direct Print'
        ? { mediaType: EPOS_MEDIA_TYPE, body: Buffer.from(eposReceipt(copies, printer)) }
        : { mediaType: STAR_MEDIA_TYPE, body: encodeReceipts(copies, printer, 'star-prnt') };
    await leaveForCloudPrinter(deps, { queue: QUEUES.receipt.name, data: job, context, printer }, document);
    return 'left for the printer';
  }
  await deps.transport(printer.ipAddress!, encodeReceipts(copies, printer));
  return 'printed';
}

/** The slips of the card that paid part of a check (none when that payment is no longer on it). */
function partSlips(input: ReceiptInput, tenderId: number): ReceiptContent[] {
  const tender = input.tenders.find((t) => 'tenderId' in t && t.tenderId === tenderId);
  return tender ? cardPartSlips(input, tender) : [];
}

/**
 * What a register sale's receipt says when emailed: the customer's copy (a card waiting for its written tip
 * leaves the tip and total to note down, and nothing to sign).
 */
export async function saleReceiptContent(
  ex: Executor,
  sites: PublicSites,
  order: OrderRow,
  options: { customFooter: string | null; reprint: boolean },
): Promise<ReceiptContent> {
  return receiptContent(await saleReceiptInput(ex, sites, order, options), 'customer');
}

/** What a register sale's receipt is made of: the restaurant, the lines, totals and tenders. */
async function saleReceiptInput(
  ex: Executor,
  sites: PublicSites,
  order: OrderRow,
  options: { customFooter: string | null; reprint: boolean },
): Promise<ReceiptInput> {
  const scope = { tenantId: order.tenantId, restaurantId: order.restaurantId };
  const [restaurant, resolved, tenders, device] = await sideBySide(ex, [
    () => findRestaurant(ex, order.tenantId, order.restaurantId),
    () => resolveCatalogueScope(ex, { ...scope, actor: 'System' }),
    () => tendersOf(ex, scope, [order.orderId]),
    () => (order.deviceId === null ? Promise.resolve(null) : findDevice(ex, scope, order.deviceId)),
  ]);
  const siteUrl = restaurant
    ? await publicMenuTarget(ex, restaurant.guid, sites).then(
        ({ url }) => url.replace(/\/menu$/, ''),
        () => null,
      )
    : null;
  return {
    restaurant: {
      name: restaurant?.name ?? '',
      address: restaurant ? `${restaurant.address.street}, ${restaurant.address.city}` : null,
      phone: restaurant?.contact.phone ?? null,
    },
    order: {
      number: liveNumber(order),
      service: order.fulfilment === 'takeout' ? 'takeout' : 'dine_in',
      guestName: kioskOrderName({ guestName: order.customer.name, tableTent: order.tableTent }),
      createdAt: order.createdAt,
      lines: order.lines as PricedLine[],
      totals: order.totals as unknown as OrderTotals,
    },
    tenders: tenders.filter((tender) => tender.kind === 'payment'),
    deviceName: device?.name ?? null,
    timeZone: resolved.timezone,
    customFooter: options.customFooter,
    siteUrl,
    reprint: options.reprint,
  };
}
