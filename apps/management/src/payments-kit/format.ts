import type { PaymentKind, PaymentStatus } from '@brigade/domain/payments/api';
import type { BadgeTone } from '@brigade/ui/app-kit/badge';

/*
 * How the payments screens show what the payments API gives: amounts are whole minor units (cents,
 * decision 022) and are typed and shown in the currency's major unit (dollars).
 */

/** Dollars typed in a form (12.5) as cents (1250); undefined stays undefined. Rounds away float noise. */
export function toMinor(dollars: number): number;
export function toMinor(dollars: number | undefined): number | undefined;
export function toMinor(dollars: number | undefined): number | undefined {
  return dollars === undefined ? undefined : Math.round(dollars * 100);
}

/** Cents as dollars (for a form's default value). */
export const toMajor = (minor: number): number => minor / 100;

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as money in its currency ("$12.50"); an unknown currency code shows plainly. */
export function formatMinor(minor: number | null | undefined, currency = 'USD'): string {
  if (minor === null || minor === undefined) return '—';
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      return (minor / 100).toFixed(2);
    }
    formats.set(currency, format);
  }
  return format.format(minor / 100);
}

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  authorised: 'Authorised',
  captured: 'Captured',
  settled: 'Settled',
  declined: 'Declined',
  failed: 'Failed',
  voided: 'Voided',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  unknown: 'Unknown',
};

const STATUS_TONES: Record<PaymentStatus, BadgeTone | undefined> = {
  pending: 'info',
  authorised: 'brand',
  captured: 'success',
  settled: 'success',
  declined: 'danger',
  failed: 'danger',
  voided: undefined,
  refunded: undefined,
  partially_refunded: 'warning',
  unknown: 'warning',
};

/** A refund that went through is `captured` at the gateway; people read it as "Refunded". */
export const statusLabel = (status: string, kind?: string): string =>
  kind === 'refund' && status === 'captured'
    ? 'Refunded'
    : (STATUS_LABELS[status as PaymentStatus] ?? status);
export const statusTone = (status: string): BadgeTone | undefined => STATUS_TONES[status as PaymentStatus];

export const KIND_LABELS: Record<PaymentKind, string> = {
  sale: 'Sale',
  authorisation: 'Authorisation',
  verification: 'Card verification',
  forced_credit: 'Forced credit',
  refund: 'Refund',
};

export const kindLabel = (kind: string): string => KIND_LABELS[kind as PaymentKind] ?? kind;

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  other: 'Other card',
};

export const brandLabel = (brand: string | null | undefined): string =>
  brand ? (BRAND_LABELS[brand.toLowerCase()] ?? brand) : 'Card';

/** "Visa •••• 1111" (or what is known of it). */
export function cardLabel(brand: string | null | undefined, lastFour: string | null | undefined): string {
  return lastFour ? `${brandLabel(brand)} •••• ${lastFour}` : brandLabel(brand);
}

/** A date-time for people ("24 Nov 2026, 21:30"), in the browser's locale and time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A calendar day "2026-11-24" as "24 Nov 2026" (no time zone shift). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  // The gateway writes some dates as YYYYMMDD (a funding date), Brigade as YYYY-MM-DD.
  const iso = /^\d{8}$/.test(day) ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}` : day;
  const [year, month, dayOfMonth] = iso.slice(0, 10).split('-').map(Number);
  if (!year || !month || !dayOfMonth) return day;
  return new Date(year, month - 1, dayOfMonth).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/**
 * Today as "YYYY-MM-DD" on the restaurant's clock (`timeZone`, its tenant's zone) or, without one, the
 * browser's; `plusDays` later (negative: earlier). An owner away from the restaurant still opens its reports
 * on the restaurant's business day, which is what the server counts by.
 */
export function localDay(plusDays = 0, from = new Date(), timeZone?: string): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  let [year, month, day] = [from.getFullYear(), from.getMonth() + 1, from.getDate()];
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })
        .formatToParts(from)
        .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
      [year, month, day] = [parts.year!, parts.month!, parts.day!];
    } catch {
      // an unknown zone: the browser's day
    }
  }
  const date = new Date(Date.UTC(year, month - 1, day + plusDays));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A step or outcome name of the history ("capture_requested") as words ("Capture requested"). */
export function words(name: string): string {
  const spaced = name.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
