/** Quick cash amounts (issue 46): exact, the next round dollars and bills, and the register's presets. */
export function quickAmounts(total: number, presets: readonly number[], max = 6): number[] {
  if (total <= 0) return [0];
  const up = (step: number) => Math.ceil(total / step) * step;
  const candidates = [total, up(100), up(500), up(1000), up(2000), ...presets, up(5000), up(10000)];
  const amounts = [...new Set(candidates.filter((a) => Number.isInteger(a) && a >= total))].sort(
    (a, b) => a - b,
  );
  return amounts.slice(0, max);
}

/** The change owed for `tendered` cash, or null when it does not cover the total. */
export const changeDue = (tendered: number, total: number): number | null =>
  tendered >= total ? tendered - total : null;

/** What cash pays toward an open check: the amount it pays and the change, or null when it cannot. */
export interface CashPlan {
  amount: number;
  change: number;
  /** Less than the balance: the check stays open with the rest to pay (split tender). */
  part: boolean;
}

/**
 * Split tender at the register: with a share chosen (half, a third…), the cash pays that share; without one,
 * cash that covers the balance pays it all with change, and less than the balance — when `parts` are allowed
 * (an open check) — is taken as a part with no change.
 */
export function cashPlan(
  tendered: number,
  balance: number,
  share: number | null,
  parts: boolean,
): CashPlan | null {
  if (share !== null && share < balance)
    return tendered >= share ? { amount: share, change: tendered - share, part: true } : null;
  if (tendered >= balance) return { amount: balance, change: tendered - balance, part: false };
  if (parts && tendered > 0) return { amount: tendered, change: 0, part: true };
  return null;
}

/** Even shares of a balance for guests paying their part: a half, a third, a quarter (rounded up). */
export function evenShares(balance: number): { of: number; amount: number }[] {
  return [2, 3, 4].filter((of) => balance >= of).map((of) => ({ of, amount: Math.ceil(balance / of) }));
}
