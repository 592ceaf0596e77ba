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

/** A time of day on the restaurant's clock: "6:30 PM". */
export function clockTime(iso: string, timeZone: string): string {
  try {
    return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  } catch {
    return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  }
}
