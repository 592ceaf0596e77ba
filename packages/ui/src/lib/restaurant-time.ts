/** Whether the browser runs on another clock than `timeZone` (the staff member is away from the restaurant). */
const awayFrom = (timeZone: string, at: Date) => {
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (here === timeZone) return false;
  const wall = (zone: string) => at.toLocaleString('en-US', { timeZone: zone });
  return wall(here) !== wall(timeZone);
};

/**
 * A time of day for people ("6:45 PM"), in the browser's locale, on the restaurant's clock when its zone is
 * known (issue 45 item 8: the diner and the tickets read the restaurant's time, so the back office does too);
 * labelled with the zone ("6:45 PM PST") when the browser's clock reads otherwise.
 */
export function timeOf(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (!timeZone) return date.toLocaleTimeString(undefined, { timeStyle: 'short' });
  try {
    return date.toLocaleTimeString(undefined, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(awayFrom(timeZone, date) ? { timeZoneName: 'short' } : {}),
    });
  } catch {
    // a zone this browser does not know: its own clock
    return date.toLocaleTimeString(undefined, { timeStyle: 'short' });
  }
}
