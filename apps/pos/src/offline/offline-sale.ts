import type { PlacePosOrderInput } from '@brigade/domain/pos/api';
import { type OfflineTicket, offlineTickets } from '@brigade/domain/pos/offline-tickets';
import { printedReceipts, type ReceiptInput } from '@brigade/domain/pos/receipt';
import { encodeReceipts } from '@brigade/domain/printing/receipt-bytes';
import type { Check } from '../check/check';
import { itemsById, priceCheck } from '../check/pricing';
import type { RegisterData } from '../queries';
import type { NewQueuedSale, QueuedSale } from './queue';

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
 * The kitchen tickets of a sale kept on the register, for the print bridge: the sale's lines as the server
 * prices them, titled "OFFLINE {n}" (the sale has no number until it is sent), keyed by the sale's key.
 */
export function keptSaleTickets(
  check: Check,
  register: Pick<RegisterData, 'menus' | 'rules' | 'timezone' | 'courses' | 'kitchenPrinting'>,
  sale: QueuedSale,
): OfflineTicket[] {
  const priced = priceCheck(check, itemsById(register.menus), register.rules);
  const lines = priced.lines.flatMap((line) => (line.priced ? [line.priced] : []));
  return offlineTickets(register, {
    saleKey: sale.key,
    label: `OFFLINE ${sale.seq}`,
    service: sale.body.service,
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
