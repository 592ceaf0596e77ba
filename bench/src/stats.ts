/** Percentile of already-sorted numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const fmt = (value: number, digits = 1) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a';

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  process.stdout.write(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of cells.slice(1)) process.stdout.write(`${line(row)}\n`);
}

/**
 * The server's CPU time per request beside the reference's, and the reference's share of it (issue 20): the
 * figure that holds still when other work on the machine moves both servers' req/s.
 */
export function cpuColumns(
  figures: { cpuUsPerRequest?: number },
  reference: { cpuUsPerRequest?: number } | undefined,
): string[] {
  const own = figures.cpuUsPerRequest;
  const ref = reference?.cpuUsPerRequest;
  return [
    own === undefined ? '—' : fmt(own, 1),
    ref === undefined ? '—' : fmt(ref, 1),
    own === undefined || ref === undefined ? '—' : `${fmt((ref / own) * 100, 0)}%`,
  ];
}
