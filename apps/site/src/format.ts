import type { ResolvedItem } from '@brigade/domain/catalogue/resolved-menu';
import type { Span } from '@brigade/domain/hours/spans';
import { type DayHours, daySpans, type OperatingHours } from '@brigade/domain/hours/weekly';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '@brigade/domain/weekdays';
import type { DayOfWeek, OpeningHoursSpecification } from 'schema-dts';

/** Display helpers of the public site: money, prices by strategy, hours, colours. Pure functions. */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$12.50" in the restaurant's currency; whole amounts keep their cents so a menu column lines up. */
export function formatMoney(amount: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** What an item costs, by its pricing strategy: one price, one per size, or market price. */
export type ItemPrice =
  | { kind: 'base'; text: string; amount: number }
  | { kind: 'size'; sizes: { name: string; text: string; amount: number }[] }
  | { kind: 'open'; text: string }
  | { kind: 'none' };

export const OPEN_PRICE_TEXT = 'Market price';

export function itemPrice(
  item: Pick<ResolvedItem, 'pricingStrategy' | 'basePrice' | 'sizePrice'>,
  currency: string,
): ItemPrice {
  switch (item.pricingStrategy) {
    case 'base':
      return item.basePrice === undefined
        ? { kind: 'none' }
        : { kind: 'base', amount: item.basePrice, text: formatMoney(item.basePrice, currency) };
    case 'size':
      return item.sizePrice.length === 0
        ? { kind: 'none' }
        : {
            kind: 'size',
            sizes: item.sizePrice.map((s) => ({
              name: s.name,
              amount: s.price,
              text: formatMoney(s.price, currency),
            })),
          };
    case 'open':
      return { kind: 'open', text: OPEN_PRICE_TEXT };
  }
}

/** The one-line price of an item in a preview: the base price, "from" the cheapest size, or market price. */
export function shortPrice(price: ItemPrice, currency: string): string | null {
  switch (price.kind) {
    case 'base':
    case 'open':
      return price.text;
    case 'size': {
      const cheapest = Math.min(...price.sizes.map((s) => s.amount));
      return price.sizes.length === 1 ? price.sizes[0]!.text : `from ${formatMoney(cheapest, currency)}`;
    }
    case 'none':
      return null;
  }
}

/** "9:00 AM" from "09:00". */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** A day's spans, "11:30 AM – 2:30 PM, 5:30 PM – 10:00 PM", or "Closed". */
export function formatDayHours(hours: DayHours): string {
  const spans = daySpans(hours);
  return spans.length === 0 ? 'Closed' : formatSpans(spans);
}

export const formatSpans = (spans: readonly Span[]): string =>
  spans.map((span) => `${formatTime(span.open)} – ${formatTime(span.close)}`).join(', ');

/** Consecutive days with the same hours read as one line ("Monday – Thursday"). */
export function groupedHours(hours: OperatingHours): { days: string; hours: string }[] {
  const rows: { from: Weekday; to: Weekday; hours: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = formatDayHours(hours[day]);
    const last = rows.at(-1);
    if (last && last.hours === text) last.to = day;
    else rows.push({ from: day, to: day, hours: text });
  }
  return rows.map((r) => ({
    days: r.from === r.to ? WEEKDAY_LABELS[r.from] : `${WEEKDAY_LABELS[r.from]} – ${WEEKDAY_LABELS[r.to]}`,
    hours: r.hours,
  }));
}

/** schema.org OpeningHoursSpecification: one entry per span; a close before the open runs past midnight. */
export function openingHoursSpecification(hours: OperatingHours): OpeningHoursSpecification[] {
  return WEEKDAYS.flatMap((day) =>
    daySpans(hours[day]).map((span) => ({
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: `https://schema.org/${WEEKDAY_LABELS[day]}` as DayOfWeek,
      ...jsonLdTimes(span),
    })),
  );
}

/** opens/closes of a span; an all-day span (open = close) is 00:00-23:59, as Google reads "open 24 hours". */
export const jsonLdTimes = (span: Span): { opens: string; closes: string } =>
  span.open === span.close ? { opens: '00:00', closes: '23:59' } : { opens: span.open, closes: span.close };

// The WCAG colour helpers are shared with the site administration's colour-scheme preview.
export { contrastRatio, ensureContrast, luminance, readableOn } from '@brigade/domain/colour-contrast';

/** A social link as entered (handle or URL) made into a URL. */
export function socialUrl(
  network: 'facebook' | 'instagram' | 'twitter' | 'tiktok',
  value: string,
): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return text;
  const handle = text.replace(/^@/, '');
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(handle)) return null;
  const bases = {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    twitter: 'https://x.com/',
    tiktok: 'https://www.tiktok.com/@',
  };
  return `${bases[network]}${handle}`;
}
