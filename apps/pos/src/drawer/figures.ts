/**
 * A drawer's figures as the register shows them (docs/behaviour/pos.md#cash-drawer-sessions). Pure: the
 * screens and their tests share them.
 */

export type Balance = 'short' | 'over' | 'exact';

/** Counted less expected: below zero the drawer is short, above it over. */
export const balanceOf = (overShort: number): Balance =>
  overShort < 0 ? 'short' : overShort > 0 ? 'over' : 'exact';

/** "Short $4.00", "Over $1.50", "Exact": said in words, never by colour alone. */
export function balanceText(overShort: number, money: (cents: number) => string): string {
  const balance = balanceOf(overShort);
  if (balance === 'exact') return 'Exact';
  return `${balance === 'short' ? 'Short' : 'Over'} ${money(Math.abs(overShort))}`;
}

/** What was paid in and paid out of a session. */
export function movementTotals(movements: readonly { kind: 'pay_in' | 'pay_out'; amount: number }[]) {
  let payIns = 0;
  let payOuts = 0;
  for (const m of movements) {
    if (m.kind === 'pay_in') payIns += m.amount;
    else payOuts += m.amount;
  }
  return { payIns, payOuts };
}

/** What the drawer should hold: the float, the cash sales and the pay-ins, less the pay-outs. */
export function expectedCash(
  session: { openingFloat: number; movements: readonly { kind: 'pay_in' | 'pay_out'; amount: number }[] },
  cashSales: number,
): number {
  const { payIns, payOuts } = movementTotals(session.movements);
  return session.openingFloat + cashSales + payIns - payOuts;
}

export const KIND_LABELS = { pay_in: 'Pay in', pay_out: 'Pay out' } as const;

/**
 * Who opened or closed a drawer: the name the server gives, else the signed-in staff member when it was
 * them, else a plain "another staff member" (a name the server does not know).
 */
export function staffName(
  name: string | null,
  uid: string | null,
  me: { uid: string; displayName: string } | null,
): string {
  if (name) return name;
  if (me && uid && me.uid === uid) return me.displayName;
  return 'another staff member';
}
