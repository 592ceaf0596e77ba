const formatters = new Map<string, Intl.NumberFormat>();

/** Cents as the restaurant's currency, e.g. 4504 → "$45.04". */
export function money(cents: number, currency: string): string {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, format);
  }
  return format.format(cents / 100);
}

/** The restaurant's time zone (the page says it): pickup times are on the restaurant's clock. */
let zone: string | undefined;
export const setTimeZone = (timeZone: string | undefined) => {
  zone = timeZone || undefined;
};

const dayOf = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: zone });

/** A clock time on the restaurant's clock: "6:30 PM". */
export const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone });

/** A pickup time as people say it: "Today 6:30 PM", "Tomorrow 12:15 PM", "Sat 9:00 AM". */
export function pickupLabel(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const [today, tomorrow] = [dayOf(now), dayOf(new Date(now.getTime() + 86_400_000))];
  const day = dayOf(at);
  const name =
    day === today
      ? 'Today'
      : day === tomorrow
        ? 'Tomorrow'
        : at.toLocaleDateString('en-US', { weekday: 'short', timeZone: zone });
  return `${name} ${clockTime(iso)}`;
}

/** A path of the site under its base ("/harbor-grill" on a slug host, "/" on the restaurant's domain). */
export const sitePath = (base: string, path: string) => `${base.replace(/\/$/, '')}${path}`;
