import type { KitchenTicketContent } from '@brigade/domain/ordering/kitchen-ticket';
import type { ReceiptContent } from '@brigade/domain/pos/receipt';

/**
 * Epson's ePOS-Print XML (the `<epos-print>` document a TM printer runs; Server Direct Print carries it in a
 * `<PrintRequestInfo>`): the same tickets, receipts and drawer kicks as the ESC/POS bytes of raw TCP, written
 * as Epson's elements — `<text>` with its size and emphasis attributes, `<feed>`, `<cut>`, `<symbol>` for
 * the QR code and `<pulse>` for the cash drawer.
 */

export const EPOS_PRINT_NAMESPACE = 'http://www.epson-pos.com/schemas/2011/03/epos-print';
/** What the queue stores for an Epson printer: an `<epos-print>` element, wrapped when the printer polls. */
export const EPOS_MEDIA_TYPE = 'application/vnd.epson.epos-print+xml';

export const escapeXml = (value: string): string =>
  value
    .replace(
      /[<>&"']/g,
      (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
    )
    // characters XML 1.0 cannot carry at all
    .split('')
    .filter((c) => c >= ' ' || c === '\n' || c === '\t' || c === '\r')
    .join('');

class EposDocument {
  private readonly parts: string[] = [];
  constructor(readonly columns: number) {}
  attrs(attributes: Record<string, string | boolean | number>): this {
    const list = Object.entries(attributes).map(([k, v]) => `${k}="${escapeXml(String(v))}"`);
    this.parts.push(`<text ${list.join(' ')}/>`);
    return this;
  }
  line(text: string): this {
    this.parts.push(`<text>${escapeXml(text)}&#10;</text>`);
    return this;
  }
  rule(): this {
    return this.line('-'.repeat(this.columns));
  }
  raw(element: string): this {
    this.parts.push(element);
    return this;
  }
  toString(): string {
    return `<epos-print xmlns="${EPOS_PRINT_NAMESPACE}">${this.parts.join('')}</epos-print>`;
  }
}

const columnsOf = (paperWidth: string) => (paperWidth === 'Narrow' ? 32 : 48);

export function eposTicket(
  ticket: KitchenTicketContent,
  printer: { paperWidth: string; kitchenTicketFontSize: string },
): string {
  const big = printer.kitchenTicketFontSize === 'Large';
  const doc = new EposDocument(columnsOf(printer.paperWidth))
    .attrs({ lang: 'en', smooth: true })
    .attrs({ em: true })
    .line(ticket.station.toUpperCase())
    .attrs({ dw: true, dh: true })
    .line(ticket.title)
    .attrs({ dw: false, dh: false, em: false })
    .rule();
  for (const line of ticket.lines) {
    if (line.heading) doc.attrs({ em: true }).line(`-- ${line.heading} --`).attrs({ em: false });
    doc.attrs({ dw: big, dh: big, em: true }).line(line.text).attrs({ dw: false, dh: false, em: false });
    for (const detail of line.details) doc.line(`   ${detail}`);
  }
  doc.rule();
  for (const text of ticket.footer) doc.line(text);
  return doc.raw('<feed line="2"/><cut type="feed"/>').toString();
}

/** Receipts in one `<epos-print>` document, each ending with its cut (a merchant and a customer copy). */
export function eposReceipt(
  receipts: ReceiptContent | readonly ReceiptContent[],
  printer: { paperWidth: string; customerReceiptFontSize: string },
): string {
  const doc = new EposDocument(columnsOf(printer.paperWidth));
  for (const receipt of Array.isArray(receipts) ? receipts : [receipts]) writeReceipt(doc, receipt, printer);
  return doc.toString();
}

function writeReceipt(
  doc: EposDocument,
  receipt: ReceiptContent,
  printer: { paperWidth: string; customerReceiptFontSize: string },
): void {
  const columns = columnsOf(printer.paperWidth);
  const big = printer.customerReceiptFontSize === 'Large';
  const row = (left: string, right: string) => {
    const room = Math.max(1, columns - right.length - 1);
    const text = left.length > room ? `${left.slice(0, room - 1)}…` : left;
    return `${text.padEnd(room)} ${right}`;
  };
  doc.attrs({ lang: 'en', smooth: true, align: 'center' });
  receipt.header.forEach((line, index) => {
    if (index === 0)
      doc.attrs({ em: true, dw: true, dh: true }).line(line).attrs({ em: false, dw: false, dh: false });
    else doc.line(line);
  });
  doc.raw('<feed/>').attrs({ em: true }).line(receipt.title).attrs({ em: false, align: 'left' }).rule();
  for (const line of receipt.lines) {
    doc.line(row(line.text, line.amount));
    for (const detail of line.details) doc.line(`   ${detail}`);
  }
  doc.rule();
  for (const total of receipt.totals) {
    const strong = total.strong === true;
    doc
      .attrs({ em: strong, dh: big && strong })
      .line(row(total.label, total.amount))
      .attrs({ em: false, dh: false });
  }
  doc.rule().attrs({ align: 'center' });
  for (const text of receipt.footer) doc.line(text);
  if (receipt.qrUrl)
    doc
      .raw('<feed/>')
      .raw(`<symbol type="qrcode_model_2" level="level_m" width="5">${escapeXml(receipt.qrUrl)}</symbol>`)
      .raw('<feed/>')
      .line(receipt.qrUrl);
  doc.attrs({ align: 'left' }).raw('<feed line="2"/><cut type="feed"/>');
}

/** The drawer kick: a pulse on connector pin 2 (drawer_1), and pin 5 (drawer_2) for a second drawer. */
export function eposDrawerKick(drawers: number): string {
  const pulses = ['<pulse drawer="drawer_1" time="pulse_100"/>'];
  if (drawers > 1) pulses.push('<pulse drawer="drawer_2" time="pulse_100"/>');
  return `<epos-print xmlns="${EPOS_PRINT_NAMESPACE}">${pulses.join('')}</epos-print>`;
}

/** Server Direct Print's answer to a GetRequest: the documents, each with its printjobid (version 2.00). */
export function printRequestInfo(
  documents: readonly { token: string; body: string }[],
  timeoutMs = 10_000,
): string {
  const requests = documents.map(
    (d) =>
      `<ePOSPrint><Parameter><devid>local_printer</devid><timeout>${timeoutMs}</timeout>` +
      `<printjobid>${escapeXml(d.token)}</printjobid></Parameter><PrintData>${d.body}</PrintData></ePOSPrint>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<PrintRequestInfo Version="2.00">${requests.join('')}</PrintRequestInfo>`;
}

export interface EposResult {
  token: string;
  success: boolean;
  code: string;
  status: string;
}

/**
 * The results in a SetResponse's `ResponseFile` (a `<PrintResponseInfo>`): one per `<ePOSPrint>`, its
 * printjobid and its `<response success code status>`. Read with patterns, not a parser: the document is
 * small and flat, and anything unreadable is simply not a result.
 */
export function eposResults(xml: string): EposResult[] {
  const results: EposResult[] = [];
  for (const block of xml.matchAll(/<ePOSPrint>([\s\S]*?)<\/ePOSPrint>/g)) {
    const body = block[1]!;
    const token = /<printjobid>([^<]{1,64})<\/printjobid>/.exec(body)?.[1];
    const response = /<response\b([^>]*)\/?>/.exec(body)?.[1];
    if (!token || response === undefined) continue;
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(response)?.[1] ?? '';
    results.push({ token, success: attr('success') === 'true', code: attr('code'), status: attr('status') });
  }
  return results;
}
