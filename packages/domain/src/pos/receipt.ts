import type { PricedLine } from '../ordering/line-pricing';
import type { OrderTotals } from '../ordering/totals';
import { formatAmount } from '../payments/amount';
import { type PosService, SERVICE_LABELS } from './api';

/**
 * What a register's printed receipt says (docs/behaviour/pos.md#receipts): the restaurant, the order's number,
 * service and time, each line with its size, choices and amount, the totals with tax by rate, the cash
 * tendered and the change, the printer's custom footer and a QR code to the restaurant's website. Plain data:
 * the ESC/POS bytes are made from it in packages/core.
 */
export interface ReceiptContent {
  header: string[];
  title: string;
  lines: { text: string; amount: string; details: string[] }[];
  totals: { label: string; amount: string; strong?: boolean }[];
  footer: string[];
  qrUrl: string | null;
}

export interface ReceiptInput {
  restaurant: { name: string; address: string | null; phone: string | null };
  order: {
    number: number;
    /** What the title names the sale by instead of `#number`: a sale kept offline has no number yet. */
    label?: string | undefined;
    service: PosService;
    guestName: string;
    createdAt: Date;
    lines: readonly PricedLine[];
    totals: OrderTotals;
  };
  tenders: readonly {
    method: 'cash' | 'card';
    amount: number;
    tendered: number;
    change: number;
    cardBrand?: string | null;
    lastFour?: string | null;
    authorisationCode?: string | null;
    /** Authorised only: the guest writes the tip and the total on this receipt and signs it (decision 068). */
    tipPending?: boolean;
  }[];
  deviceName: string | null;
  timeZone: string;
  customFooter: string | null;
  siteUrl: string | null;
  reprint: boolean;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  discover: 'Discover',
  other: 'Card',
};

/** Where the guest writes an amount by hand. */
const BLANK = '__________';
const SIGNATURE = ['', 'x______________________________', 'Signature', 'I agree to pay the total above', ''];

/**
 * Which copy of a receipt whose card waits for its tip (decision 068): the restaurant keeps the signed
 * merchant copy, the guest keeps the customer copy (the tip and total to write down, no line to sign).
 */
export type ReceiptCopy = 'merchant' | 'customer';
const COPY_LABELS: Record<ReceiptCopy, string> = {
  merchant: 'MERCHANT COPY',
  customer: 'CUSTOMER COPY',
};

/** Whether a card of the sale waits for the tip the guest writes on the receipt. */
export const awaitsWrittenTip = (input: Pick<ReceiptInput, 'tenders'>): boolean =>
  input.tenders.some((t) => t.method === 'card' && t.tipPending === true);

/**
 * What a register prints for a sale: one receipt, or — while a card waits for the tip written on it — the
 * merchant copy to sign and leave, then the customer copy to keep.
 */
export function printedReceipts(input: ReceiptInput): ReceiptContent[] {
  return awaitsWrittenTip(input)
    ? [receiptContent(input, 'merchant'), receiptContent(input, 'customer')]
    : [receiptContent(input)];
}

/**
 * The receipt. `copy` names which one it is when a card waits for its tip (the merchant copy, the default
 * then, carries the line to sign); a sale with no tip to write has one receipt and no copy label.
 */
export function receiptContent(input: ReceiptInput, copy: ReceiptCopy = 'merchant'): ReceiptContent {
  const { order } = input;
  const totals: ReceiptContent['totals'] = [
    { label: 'Subtotal', amount: formatAmount(order.totals.subtotal) },
  ];
  for (const tax of order.totals.taxes)
    if (tax.amount > 0) totals.push({ label: tax.name, amount: formatAmount(tax.amount) });
  if (order.totals.serviceCharge > 0)
    totals.push({ label: 'Service charge', amount: formatAmount(order.totals.serviceCharge) });
  if (order.totals.tip > 0) totals.push({ label: 'Tip', amount: formatAmount(order.totals.tip) });
  totals.push({ label: 'Total', amount: formatAmount(order.totals.total), strong: true });
  for (const tender of input.tenders) totals.push(...tenderTotals(tender));
  const included = order.totals.includedTax;
  return {
    header: headerOf(input),
    title: titleOf(input),
    lines: order.lines.map((line) => ({
      text: `${line.quantity} x ${line.name}`,
      amount: formatAmount(line.lineTotal),
      details: [
        ...(line.sizeName ? [line.sizeName] : []),
        ...line.modifiers.map((m) => (m.quantity > 1 ? `${m.quantity} x ${m.name}` : m.name)),
        ...(line.notes ? [line.notes] : []),
      ],
    })),
    totals,
    footer: [
      ...copyLines(input, copy),
      ...(included > 0 ? [`Includes ${formatAmount(included)} tax`] : []),
      ...closingLines(input),
    ],
    qrUrl: input.siteUrl,
  };
}

type Tender = ReceiptInput['tenders'][number];

/** A tender's lines under the totals: a card's brand, last four, code (and blanks for a written tip), or cash. */
function tenderTotals(tender: Tender): ReceiptContent['totals'] {
  if (tender.method === 'cash')
    return [
      { label: 'Cash', amount: formatAmount(tender.tendered) },
      { label: 'Change', amount: formatAmount(tender.change) },
    ];
  // the card's brand and last four and the authorisation code: never more of the card
  const card = `${BRANDS[tender.cardBrand ?? ''] ?? 'Card'}${tender.lastFour ? ` ****${tender.lastFour}` : ''}`;
  return [
    { label: card, amount: formatAmount(tender.amount) },
    ...(tender.authorisationCode ? [{ label: `Auth code ${tender.authorisationCode}`, amount: '' }] : []),
    ...(tender.tipPending
      ? [
          { label: 'Tip', amount: BLANK },
          { label: 'Total', amount: BLANK, strong: true },
        ]
      : []),
  ];
}

const headerOf = (input: ReceiptInput) => [
  input.restaurant.name,
  ...(input.restaurant.address ? [input.restaurant.address] : []),
  ...(input.restaurant.phone ? [input.restaurant.phone] : []),
];
const titleOf = ({ order }: ReceiptInput) =>
  `${order.label ?? `#${order.number}`} ${SERVICE_LABELS[order.service].toUpperCase()}${order.guestName ? ` ${order.guestName}` : ''}`;
/** Which copy this is and, on the merchant's, the line to sign: only while a card waits for its written tip. */
const copyLines = (input: Pick<ReceiptInput, 'tenders'>, copy: ReceiptCopy) =>
  awaitsWrittenTip(input) ? [COPY_LABELS[copy], ...(copy === 'merchant' ? SIGNATURE : [''])] : [];
/** When the order was made, on the restaurant's clock, and the register; a reprint says so; the footer. */
const closingLines = (input: ReceiptInput) => [
  `${new Intl.DateTimeFormat('en-US', {
    timeZone: input.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(input.order.createdAt)}${input.deviceName ? ` · ${input.deviceName}` : ''}`,
  ...(input.reprint ? ['REPRINT'] : []),
  ...(input.customFooter?.trim() ? [input.customFooter.trim()] : []),
  'Thank you!',
];

/**
 * What a register prints for one card that paid part of a check (split tender): a slip with the check's
 * number and total, this card's amount and code — without the lines, which the last payment's receipt lists.
 * While the card waits for the tip written on it, the merchant copy to sign and the customer copy to keep;
 * else one slip. The tender must be one of the input's.
 */
export function cardPartSlips(input: ReceiptInput, tender: Tender): ReceiptContent[] {
  const own = { ...input, tenders: [tender] };
  const slip = (copy: ReceiptCopy): ReceiptContent => ({
    header: headerOf(input),
    title: titleOf(input),
    lines: [],
    totals: [
      { label: 'Check total', amount: formatAmount(input.order.totals.total) },
      { label: 'Paid toward it', amount: '' },
      ...tenderTotals(tender),
    ],
    footer: [...copyLines(own, copy), ...closingLines(input)],
    qrUrl: input.siteUrl,
  });
  return awaitsWrittenTip(own) ? [slip('merchant'), slip('customer')] : [slip('merchant')];
}

/**
 * A receipt as the plain text of an email: the same content as the printed one (docs/behaviour/pos.md#receipts),
 * amounts aligned on the right of 48 columns, the website's address instead of its QR code.
 */
export function receiptText(receipt: ReceiptContent): string {
  const row = (left: string, right: string) =>
    `${left.padEnd(Math.max(left.length + 1, 47 - right.length))} ${right}`.trimEnd();
  return [
    ...receipt.header,
    '',
    receipt.title,
    '',
    ...receipt.lines.flatMap((line) => [row(line.text, line.amount), ...line.details.map((d) => `   ${d}`)]),
    '',
    ...receipt.totals.map((total) => row(total.label, total.amount)),
    '',
    ...receipt.footer,
    ...(receipt.qrUrl ? ['', receipt.qrUrl] : []),
  ].join('\n');
}
