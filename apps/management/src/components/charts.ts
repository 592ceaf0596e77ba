/**
 * What the management app's charts (recharts) share: the axis ticks and tooltip in the design tokens, and the
 * hours a per-hour chart shows.
 */

export const CHART_TICK = { fill: 'var(--text-muted)', fontSize: 12 };
export const CHART_TOOLTIP = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  borderRadius: 10,
};

/**
 * One point per hour from the hour before the first with data to the hour after the last (a single busy
 * hour is a bar among others, not the whole chart); `point` gives each hour's values (undefined: none).
 */
export function hoursAround<T extends { hour: number }, P extends object>(
  hours: readonly T[],
  point: (data: T | undefined) => P,
): (P & { label: string })[] {
  if (hours.length === 0) return [];
  const first = Math.max(0, hours[0]!.hour - 1);
  const last = Math.min(23, hours.at(-1)!.hour + 1);
  const byHour = new Map(hours.map((h) => [h.hour, h]));
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    label: `${String(first + i).padStart(2, '0')}:00`,
    ...point(byHour.get(first + i)),
  }));
}
