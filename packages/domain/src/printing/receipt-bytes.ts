import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptContent } from '../pos/receipt';

/*
 * The ESC/POS (or StarPRNT) bytes of register receipts: the server prints them over raw TCP or hands them
 * to a cloud printer; an offline register makes the same bytes in the browser for the print bridge
 * (docs/behaviour/printing.md#the-print-bridge).
 */

/** The receipts' bytes, one after the other (each ends with its cut). */
export function encodeReceipts(
  receipts: readonly ReceiptContent[],
  printer: { paperWidth: string; customerReceiptFontSize: string },
  language: 'esc-pos' | 'star-prnt' = 'esc-pos',
): Uint8Array {
  const parts = receipts.map((receipt) => encodeReceipt(receipt, printer, language));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** The ESC/POS (or StarPRNT) bytes of a receipt, for a printer of that paper width and receipt font size. */
export function encodeReceipt(
  receipt: ReceiptContent,
  printer: { paperWidth: string; customerReceiptFontSize: string },
  language: 'esc-pos' | 'star-prnt' = 'esc-pos',
): Uint8Array {
  const columns = printer.paperWidth === 'Narrow' ? 32 : 48;
  const big = printer.customerReceiptFontSize === 'Large';
  const row = (left: string, right: string) => {
    const room = Math.max(1, columns - right.length - 1);
    const text = left.length > room ? `${left.slice(0, room - 1)}…` : left;
    return `${text.padEnd(room)} ${right}`;
  };
  let encoder = new ReceiptPrinterEncoder({ language, columns }).initialize().align('center');
  receipt.header.forEach((line, index) => {
    encoder =
      index === 0 ? encoder.bold(true).size(2, 2).line(line).size(1, 1).bold(false) : encoder.line(line);
  });
  encoder = encoder.newline().bold(true).line(receipt.title).bold(false).align('left').rule();
  for (const line of receipt.lines) {
    encoder = encoder.line(row(line.text, line.amount));
    for (const detail of line.details) encoder = encoder.line(`   ${detail}`);
  }
  encoder = encoder.rule();
  for (const total of receipt.totals) {
    if (total.strong) encoder = encoder.bold(true);
    encoder =
      big && total.strong
        ? encoder.size(1, 2).line(row(total.label, total.amount)).size(1, 1)
        : encoder.line(row(total.label, total.amount));
    if (total.strong) encoder = encoder.bold(false);
  }
  encoder = encoder.rule().align('center');
  for (const text of receipt.footer) encoder = encoder.line(text);
  if (receipt.qrUrl) encoder = encoder.newline().qrcode(receipt.qrUrl, 2, 5, 'm').line(receipt.qrUrl);
  return encoder.align('left').newline().newline().cut().encode();
}
