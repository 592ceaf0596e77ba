const formatters = new Map<string, Intl.NumberFormat>();

/** Cents as the restaurant's currency, e.g. 2860 → "$28.60". */
export function money(cents: number, currency: string): string {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, format);
  }
  return format.format(cents / 100);
}
