import * as contract from '@brigade/contracts/reports';
import {
  getJournal,
  getSalesReport,
  getTenantJournal,
  getTenantSalesReport,
} from '@brigade/core/ledger/reports';
import { getOrderingFunnel } from '@brigade/core/ordering/funnel-report';
import { fundingByDate } from '@brigade/core/payments/funding-repository';
import {
  getReconciliation,
  getReconciliationRange,
  refreshReconciliation,
} from '@brigade/core/payments/reconciliation';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { paymentDeps } from './payments';

/** The journal reads the ledger beside the gateway's deposits that payments stored. */
const journalDeps = (deps: AppDeps) => ({ db: deps.database.db, depositsByDate: fundingByDate });

/** Reports from the sales ledger (issue 44, docs/behaviour/reports.md). */
export const reportRoutes = [
  implement(contract.getSalesReport, async ({ params, query, actor, deps }) =>
    success(await getSalesReport({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
  implement(contract.getJournal, async ({ params, query, actor, deps }) =>
    success(await getJournal(journalDeps(deps), actor, { ...params, ...query })),
  ),
  implement(contract.getTenantSalesReport, async ({ params, query, actor, deps }) =>
    success(await getTenantSalesReport({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
  implement(contract.getTenantJournal, async ({ params, query, actor, deps }) =>
    success(await getTenantJournal(journalDeps(deps), actor, { ...params, ...query })),
  ),
  implement(contract.getOrderingFunnel, async ({ params, query, actor, deps }) =>
    success(await getOrderingFunnel({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
  implement(contract.getReconciliation, async ({ params, query, actor, deps, walls }) =>
    success(await getReconciliation(paymentDeps(deps, walls), actor, { ...params, ...query })),
  ),
  implement(contract.refreshReconciliation, async ({ params, body, actor, deps, walls }) =>
    success(await refreshReconciliation(paymentDeps(deps, walls), actor, { ...params, ...body })),
  ),
  implement(contract.getReconciliationRange, async ({ params, query, actor, deps, walls }) =>
    success(await getReconciliationRange(paymentDeps(deps, walls), actor, { ...params, ...query })),
  ),
];
