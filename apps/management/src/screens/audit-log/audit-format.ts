import type { Jsonify } from '@brigade/api-client/client';
import { AUDITED_TABLES, type AuditEntry, type AuditOperation } from '@brigade/domain/audit-log';

/* How the audit log screen writes an entry's parts: who, when, what, and the values before and after. */

export type Entry = Jsonify<AuditEntry>;

export const OPERATION_LABELS: Record<AuditOperation, string> = {
  insert: 'Created',
  update: 'Updated',
  delete: 'Deleted',
};

export const OPERATION_TONES = { insert: 'success', update: 'brand', delete: 'warning' } as const;

/** The entity's name on the screen ("Items"); a table the screen does not know shows as it is named. */
export const tableLabel = (table: string): string =>
  (AUDITED_TABLES as Record<string, string>)[table] ?? table;

/** The person who made the change: the email, else the user id; writes outside a request are the system's. */
export const actorName = (actor: Entry['actor']): string => actor.email ?? actor.userId ?? 'System';

/**
 * The changed row's key without the tenant (and without the restaurant, unless it is the key itself):
 * "itemId 30000005", "menuGroupId 2 · itemId 7".
 */
export function keyText(key: Entry['key']): string {
  const entries = Object.entries(key).filter(([name]) => name !== 'tenantId');
  const own = entries.filter(([name]) => name !== 'restaurantId');
  const shown = own.length > 0 ? own : entries;
  // a no-break space inside each part: "itemId 1" never wraps in two
  return shown.map(([name, value]) => `${name}\u00a0${formatValue(value).text}`).join(' · ');
}

/** Values up to this long stay on one line; longer objects and lists are indented over several. */
const ONE_LINE = 60;

/**
 * A value as JSON, pretty but compact: strings quoted (so "" and "null" differ from nothing and null),
 * short objects and lists on one line, long ones indented. An absent value (nothing before an insert,
 * nothing after a delete) is a dash. Redacted secrets arrive as "[redacted]" and show as such.
 */
export function formatValue(value: unknown): { text: string; multiline: boolean } {
  if (value === undefined) return { text: '—', multiline: false };
  const compact = JSON.stringify(value) ?? String(value);
  if (compact.length <= ONE_LINE || typeof value !== 'object' || value === null)
    return { text: compact, multiline: false };
  return { text: JSON.stringify(value, null, 2), multiline: true };
}

/** The changed fields, in the order the server gave them, each with its value before and after. */
export const changedFields = (changes: Entry['changes']) =>
  Object.entries(changes).map(([field, change]) => ({ field, old: change.old, new: change.new }));

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** The time in the browser's time zone: day and time for the list, in full (with the zone) for a title. */
export function formatTime(iso: string): { day: string; time: string; full: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { day: iso, time: '', full: iso };
  return { day: dayFormat.format(date), time: timeFormat.format(date), full: fullFormat.format(date) };
}
