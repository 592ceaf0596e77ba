import {
  reconciliationDaySchema,
  reconciliationQuerySchema,
  reconciliationRangeQuerySchema,
  reconciliationRangeSchema,
  reconciliationRefreshSchema,
} from '@brigade/domain/ledger/reconciliation';
import {
  journalQuerySchema,
  journalSchema,
  salesReportQuerySchema,
  salesReportSchema,
} from '@brigade/domain/ledger/reports';
import { orderingFunnelSchema } from '@brigade/domain/ordering/funnel';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { restaurantIdParam, tenantIdParam } from './tenancy-params';

/**
 * Reports (docs/behaviour/reports.md): read from the sales ledger only, for managers and above. The CSV
 * export is the management app's, made from the same answer.
 */

const tags = ['reports'];
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const params = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });

export const getSalesReport = defineEndpoint({
  id: 'getSalesReport',
  method: 'GET',
  path: `${base}/reports/sales`,
  summary:
    'Sales of a range of business days from the ledger: totals (and the period before), by channel, day, hour, item, sales category, menu group, tax rate and card brand',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: salesReportQuerySchema },
  response: { status: 200, description: 'The report', schema: successOf(salesReportSchema) },
  problems: [400, 404],
});

export const getJournal = defineEndpoint({
  id: 'getJournal',
  method: 'GET',
  path: `${base}/reports/journal`,
  summary:
    'The daily journal of a range from the ledger and the stored funding: per business day sales, tax and tips payable, service charges, what guests paid, what the card took and gave back, and the processing fees and deposits of that date',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: journalQuerySchema },
  response: { status: 200, description: 'The journal', schema: successOf(journalSchema) },
  problems: [400, 404],
});

const tenantParams = z.object({ tenantId: tenantIdParam });

export const getTenantSalesReport = defineEndpoint({
  id: 'getTenantSalesReport',
  method: 'GET',
  path: '/tenants/{tenantId}/reports/sales',
  summary:
    "The sales report of every restaurant of the tenant at once: the same figures over all their ledger lines, each restaurant's own, and items, sales categories and menu groups added up by name",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params: tenantParams, query: salesReportQuerySchema },
  response: { status: 200, description: 'The report', schema: successOf(salesReportSchema) },
  problems: [400, 404],
});

export const getTenantJournal = defineEndpoint({
  id: 'getTenantJournal',
  method: 'GET',
  path: '/tenants/{tenantId}/reports/journal',
  summary: 'The daily journal of every restaurant of the tenant at once: one book for the organization',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params: tenantParams, query: journalQuerySchema },
  response: { status: 200, description: 'The journal', schema: successOf(journalSchema) },
  problems: [400, 404],
});

export const getOrderingFunnel = defineEndpoint({
  id: 'getOrderingFunnel',
  method: 'GET',
  path: `${base}/reports/funnel`,
  summary:
    'The online-ordering funnel of a range of business days: menu views, quotes, orders placed and accepted, per day, with the conversion from each step to the next',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: journalQuerySchema },
  response: { status: 200, description: 'The funnel', schema: successOf(orderingFunnelSchema) },
  problems: [400, 404],
});

export const getReconciliation = defineEndpoint({
  id: 'getReconciliation',
  method: 'GET',
  path: `${base}/reports/reconciliation`,
  summary:
    "A business day's card money reconciled from the stored gateway reports, not the gateway: the ledger's card lines per transaction beside the settlement batches (that day and the two after) and deposits (the three days after), with what differs, and when each of those reports was read",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: reconciliationQuerySchema },
  response: { status: 200, description: 'The day reconciled', schema: successOf(reconciliationDaySchema) },
  problems: [400, 404],
});

export const refreshReconciliation = defineEndpoint({
  id: 'refreshReconciliation',
  method: 'POST',
  path: `${base}/reports/reconciliation/refresh`,
  summary:
    "Reads a business day's settlement and funding reports from the gateway again (those not read in the last minute), stores them, and answers the day reconciled",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  // stored reports feed no cache
  changes: 'none',
  outside: true,
  request: { params, body: reconciliationRefreshSchema },
  response: { status: 200, description: 'The day reconciled', schema: successOf(reconciliationDaySchema) },
  problems: [400, 404, 409, 429, 502, 503, 504],
});

export const getReconciliationRange = defineEndpoint({
  id: 'getReconciliationRange',
  method: 'GET',
  path: `${base}/reports/reconciliation/range`,
  summary:
    "Business days (at most 31) reconciled from the gateway's stored settlement and funding, not the gateway: each day as the day's reconciliation answers it, and the totals",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: reconciliationRangeQuerySchema },
  response: { status: 200, description: 'The days reconciled', schema: successOf(reconciliationRangeSchema) },
  problems: [400, 404],
});
