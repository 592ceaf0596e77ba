import { listAuditLog, listTenantAuditLog } from '@brigade/contracts/audit-log';
import { listAuditEntries } from '@brigade/core/audit/audit-log-service';
import { implement, success } from '../plugins/contract-routes';

/** The audit log (decision 019): a tenant's, for its owners and admins; every tenant's, for site administrators. */
export const auditLogRoutes = [
  implement(listTenantAuditLog, async ({ params, query, deps }) => {
    const { data, nextCursor } = await listAuditEntries(deps.database.db, params.tenantId, query);
    return success(data, { nextCursor });
  }),
  implement(listAuditLog, async ({ query: { tenantId, ...query }, deps }) => {
    const { data, nextCursor } = await listAuditEntries(deps.database.db, tenantId ?? null, query);
    return success(data, { nextCursor });
  }),
];
