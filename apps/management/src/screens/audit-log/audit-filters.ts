import { AUDITED_TABLE_NAMES, auditQuerySchema } from '@brigade/domain/audit-log';
import { positiveId } from '@brigade/domain/integers';
import { text } from '@brigade/domain/text';
import { z } from 'zod';

/*
 * The audit log screen's filters. They live in the URL's query (?table=items&from=2025-05-01), so a
 * filtered view can be shared and survives a reload; the form edits them and the API reads them. Dates are
 * whole local days: "from" is the start of its day, "to" includes its day (the API's `to` is exclusive).
 */

const day = (label: string) => z.iso.date({ error: `${label} must be a date` });

export const auditFiltersSchema = z
  .object({
    restaurantId: positiveId('Restaurant ID').optional(),
    table: z.enum(AUDITED_TABLE_NAMES, { error: 'Choose an entity from the list' }).optional(),
    actor: text()
      .trim()
      .min(1, 'Actor cannot be empty')
      .max(320, 'Actor must be at most 320 characters')
      .optional(),
    endpoint: auditQuerySchema.shape.endpoint,
    from: day('From').optional(),
    to: day('To').optional(),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    path: ['to'],
    message: 'To cannot be before From',
  });

export type AuditFilters = z.output<typeof auditFiltersSchema>;

/** The filters' names, in the URL's order (the API's own names). */
export const FILTER_NAMES = ['restaurantId', 'table', 'actor', 'endpoint', 'from', 'to'] as const;

/**
 * The filters a URL's query holds. Each is read on its own and one that is not valid is left out (a link
 * edited by hand shows the rest of its filters rather than an error); a "to" before "from" is dropped.
 */
export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const filters: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    const raw = search.get(name);
    if (raw === null || raw.trim() === '') continue;
    const parsed = auditFiltersSchema.shape[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  const result = auditFiltersSchema.safeParse(filters);
  if (result.success) return result.data;
  const { to: _dropped, ...rest } = filters;
  return rest as AuditFilters;
}

/** The URL query of a set of filters (only those that are set, in FILTER_NAMES order). */
export function searchFromFilters(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined) search.set(name, String(value));
  }
  return search;
}

export const isFiltering = (filters: AuditFilters): boolean =>
  FILTER_NAMES.some((name) => filters[name] !== undefined);

/** Local midnight at the start of a calendar day ("2025-05-01"), `plusDays` later, as an ISO date-time. */
export function startOfLocalDay(date: string, plusDays = 0): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, dayOfMonth + plusDays).toISOString();
}

/** What the API is asked (listTenantAuditLog's query, without paging). */
export interface AuditApiFilters {
  restaurantId?: number;
  table?: string;
  actor?: string;
  endpoint?: string;
  from?: string;
  to?: string;
}

export function apiFiltersOf(filters: AuditFilters): AuditApiFilters {
  const query: AuditApiFilters = {};
  if (filters.restaurantId !== undefined) query.restaurantId = filters.restaurantId;
  if (filters.table !== undefined) query.table = filters.table;
  if (filters.actor !== undefined) query.actor = filters.actor;
  if (filters.endpoint !== undefined) query.endpoint = filters.endpoint;
  if (filters.from !== undefined) query.from = startOfLocalDay(filters.from);
  if (filters.to !== undefined) query.to = startOfLocalDay(filters.to, 1);
  return query;
}

/** The form's values for a set of filters (text boxes hold '' for "not set"). */
export const formValuesOf = (filters: AuditFilters) => ({
  restaurantId: filters.restaurantId,
  table: filters.table,
  actor: filters.actor ?? '',
  endpoint: filters.endpoint ?? '',
  from: filters.from ?? '',
  to: filters.to ?? '',
});
