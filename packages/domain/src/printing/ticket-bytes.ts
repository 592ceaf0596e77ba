import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { KitchenTicketContent } from '../ordering/kitchen-ticket';

/**
 * The ESC/POS (or StarPRNT) bytes of one kitchen ticket, for a printer of that paper width and ticket font
 * size. The server prints them over raw TCP or hands them to a cloud printer; an offline register makes the
 * same bytes in the browser for the print bridge (docs/behaviour/printing.md#the-print-bridge).
 */
export function encodeTicket(
  ticket: KitchenTicketContent,
  printer: { paperWidth: string; kitchenTicketFontSize: string },
  language: 'esc-pos' | 'star-prnt' = 'esc-pos',
): Uint8Array {
  const columns = printer.paperWidth === 'Narrow' ? 32 : 48;
  const big = printer.kitchenTicketFontSize === 'Large' ? 2 : 1;
  let encoder = new ReceiptPrinterEncoder({ language, columns })
    .initialize()
    .bold(true)
    .line(ticket.station.toUpperCase())
    .size(2, 2)
    .line(ticket.title)
    .size(1, 1)
    .bold(false)
    .rule();
  for (const line of ticket.lines) {
    if (line.heading) encoder = encoder.bold(true).line(`-- ${line.heading} --`).bold(false);
    encoder = encoder.size(big, big).bold(true).line(line.text).bold(false).size(1, 1);
    for (const detail of line.details) encoder = encoder.line(`   ${detail}`);
  }
  encoder = encoder.rule();
  for (const text of ticket.footer) encoder = encoder.line(text);
  return encoder.newline().newline().cut().encode();
}
