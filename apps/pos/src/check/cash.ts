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
