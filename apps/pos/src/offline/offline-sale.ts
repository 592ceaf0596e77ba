import type { PlacePosOrderInput } from '@brigade/domain/pos/api';
import { type OfflineTicket, offlineTickets } from '@brigade/domain/pos/offline-tickets';
import { printedReceipts, type ReceiptInput } from '@brigade/domain/pos/receipt';
import { encodeReceipts } from '@brigade/domain/printing/receipt-bytes';
import { type Check, orderOf } from '../check/check';
import { itemsById, priceCheck } from '../check/pricing';
import type { RegisterData } from '../queries';
import type { Kept, NewKept, NewQueuedSale, QueuedSale } from './queue';

/**
 * A cash sale as the register keeps it offline (decision 063): the sale's body with the moment it was made
 * and what each line was charged — priced by the register from the menu it last read, with the server's own
 * pricing code — so the server records it as sold, at that price, whatever changed meanwhile. Null when the
 * check cannot be priced (the pay dialog does not open for such a check).
 */
export function offlineSaleOf(
  check: Check,
  register: Pick<RegisterData, 'menus' | 'rules'>,
  body: PlacePosOrderInput,
  sold: { key: string; place: string; at: Date },
): NewQueuedSale | null {
  const priced = priceCheck(check, itemsById(register.menus), register.rules);
  if (!priced.totals || priced.lines.some((line) => line.priced === null)) return null;
  const charged = priced.lines.map(({ priced: line }) => ({
    unitPrice: line!.unitPrice,
    modifierCharge: line!.modifierCharge,
  }));
  const soldAt = sold.at.toISOString();
  const total = priced.totals.total;
  return {
    place: sold.place,
    key: sold.key,
    body: { ...body, offline: { soldAt, charged } },
    total,
    change: body.tender.tendered - total,
    soldAt,
  };
}

/**
 * A check kept open to pay later while offline (decision 072): opened as a tab with its lines sent to the
 * kitchen when the register reconnects, priced then by the server (nothing was paid: the guest pays what the
 * check says). Null when the register cannot price it.
 */
export function keptCheckOf(
  check: Check,
  register: Pick<RegisterData, 'menus' | 'rules'>,
  kept: { key: string; place: string; at: Date },
): NewKept | null {
  const priced = priceCheck(check, itemsById(register.menus), register.rules);
  if (!priced.totals || priced.lines.some((line) => line.priced === null)) return null;
  const openedAt = kept.at.toISOString();
  return {
    kind: 'check',
    place: kept.place,
    key: kept.key,
    body: { ...orderOf(check), send: true, offline: { openedAt } },
    total: priced.totals.total,
    soldAt: openedAt,
  };
}

/**
 * The kitchen tickets of a sale (or a check) kept on the register, for the print bridge: its lines as the
 * server prices them, titled "OFFLINE {n}" (it has no number until it is sent), keyed by its key.
 */
export function keptSaleTickets(
  check: Check,
  register: Pick<RegisterData, 'menus' | 'rules' | 'timezone' | 'courses' | 'kitchenPrinting'>,
  sale: Kept,
): OfflineTicket[] {
  const priced = priceCheck(check, itemsById(register.menus), register.rules);
  const lines = priced.lines.flatMap((line) => (line.priced ? [line.priced] : []));
  return offlineTickets(register, {
    saleKey: sale.key,
    label: `OFFLINE ${sale.seq}`,
    service: sale.body.service ?? 'dine_in',
    guestName: sale.body.guestName,
    soldAt: new Date(sale.soldAt),
    lines,
  });
}

/**
 * The guest's receipt of a sale kept on the register, for the print bridge: the server's receipt, titled
 * "OFFLINE {n}", with the cash taken and the change. None when the register has no printer the bridge can
 * reach or the cashier chose no receipt.
 */
export function keptSaleReceipt(
  check: Check,
  register: Pick<
    RegisterData,
    'menus' | 'rules' | 'timezone' | 'restaurantName' | 'restaurantContact' | 'registerPrinter'
  >,
  sale: QueuedSale,
  deviceName: string,
): Uint8Array | null {
  const printer = register.registerPrinter;
  const priced = priceCheck(check, itemsById(register.menus), register.rules);
  if (!printer || sale.body.receipt === 'none' || !priced.totals) return null;
  const input: ReceiptInput = {
    restaurant: { name: register.restaurantName, ...register.restaurantContact },
    order: {
      number: 0,
      label: `OFFLINE ${sale.seq}`,
      service: sale.body.service,
      guestName: sale.body.guestName ?? '',
      createdAt: new Date(sale.soldAt),
      lines: priced.lines.flatMap((line) => (line.priced ? [line.priced] : [])),
      totals: priced.totals,
    },
    tenders: [
      { method: 'cash', amount: sale.total, tendered: sale.body.tender.tendered, change: sale.change },
    ],
    deviceName,
    timeZone: register.timezone,
    customFooter: printer.customFooter,
    siteUrl: null,
    reprint: false,
  };
  return encodeReceipts(printedReceipts(input), printer);
}
