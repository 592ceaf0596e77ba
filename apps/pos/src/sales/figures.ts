import { roleAtLeast, type TenantRole } from '@brigade/domain/access';

/**
 * A register sale's state as the Sales list shows it (docs/behaviour/pos.md#voiding-a-sale). Pure: the
 * screen and its tests share them.
 */

interface SaleFigures {
  status: string;
  totals: { total: number };
  tenders: readonly {
    tenderId?: number;
    kind: 'payment' | 'refund';
    amount: number;
    method?: 'cash' | 'card';
    card?: { brand: string | null; lastFour: string | null; tipPending?: boolean } | null;
  }[];
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  discover: 'Discover',
};

/** The card a sale was paid with, as the register may show it ("Visa ****1111"); null for cash. */
export function cardOf(sale: Pick<SaleFigures, 'tenders'>): string | null {
  const card = sale.tenders.find((t) => t.method === 'card' && t.kind === 'payment')?.card;
  if (!card) return null;
  return `${BRANDS[card.brand ?? ''] ?? 'Card'}${card.lastFour ? ` ****${card.lastFour}` : ''}`;
}

/** The sale's card still waiting for the tip written on its receipt (decision 068), if any. */
export const cardAwaitingTip = <S extends Pick<SaleFigures, 'tenders'>>(
  sale: S,
): S['tenders'][number] | null =>
  sale.tenders.find((t) => t.method === 'card' && t.kind === 'payment' && t.card?.tipPending === true) ??
  null;

/** "Paid in cash", "Paid by Visa ****1111", or both for a check paid in parts (split tender). */
export const paidWith = (sale: Pick<SaleFigures, 'tenders'>): string => {
  const card = cardOf(sale);
  const cash = sale.tenders.some((t) => t.kind === 'payment' && t.method !== 'card');
  if (card && cash) return `Paid in cash and by ${card}`;
  return card ? `Paid by ${card}` : 'Paid in cash';
};

/**
 * A check paid in parts (split tender): each payment as the register shows it, "Cash" or "Visa ****1111",
 * with its amount; empty for a sale paid at once.
 */
export function paymentParts(
  sale: Pick<SaleFigures, 'tenders'>,
): { key: string; label: string; amount: number }[] {
  const payments = sale.tenders.filter((t) => t.kind === 'payment');
  if (payments.length < 2) return [];
  return payments.map((t, index) => ({
    key: String(t.tenderId ?? index),
    label: t.method === 'card' ? (cardOf({ tenders: [t] }) ?? 'Card') : 'Cash',
    amount: t.amount,
  }));
}

/** A voided sale comes back from the server cancelled. */
export const isVoided = (sale: Pick<SaleFigures, 'status'>): boolean => sale.status === 'cancelled';

/** The money handed back when the sale was voided (cash, or given back to the card): its refund tenders. */
export function handedBack(sale: Pick<SaleFigures, 'tenders'>): number {
  return sale.tenders.reduce((sum, t) => (t.kind === 'refund' ? sum + t.amount : sum), 0);
}

/** How many sales stand and how many were voided, and what the standing ones come to. */
export function salesSummary(sales: readonly SaleFigures[]) {
  let kept = 0;
  let voided = 0;
  let total = 0;
  for (const sale of sales) {
    if (isVoided(sale)) voided += 1;
    else {
      kept += 1;
      total += sale.totals.total;
    }
  }
  return { kept, voided, total };
}

/** "3 sales", "1 sale · 1 voided". */
export function summaryText(summary: { kept: number; voided: number }): string {
  const sales = `${summary.kept} ${summary.kept === 1 ? 'sale' : 'sales'}`;
  return summary.voided > 0 ? `${sales} · ${summary.voided} voided` : sales;
}

/** Managers and above void sales (and pair devices); a site administrator may too. */
export function isManagerRole(role: TenantRole | null | undefined, siteAdmin: boolean): boolean {
  return siteAdmin || (role ? roleAtLeast(role, 'manager') : false);
}

/** A tip typed from a receipt in cents ("3", "3.5", "3.50"; nothing is no tip); null when it is no amount. */
export function tipCents(typed: string): number | null {
  const text = typed.trim();
  if (text === '') return 0;
  if (!/^\d{1,5}(\.\d{0,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}
