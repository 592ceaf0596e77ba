import { listAuditLog, listTenantAuditLog } from '@brigade/contracts/audit-log';
import { listAuditEntries } from '@brigade/core/audit/audit-log-service';
import { useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

/** The audit log (decision 019): a tenant's, for its owners and admins; every tenant's, for site administrators. */
export const auditLogRoutes = [
  implement(listTenantAuditLog, async ({ params, query, actor, deps }) => {
    const { data, nextCursor } = await listAuditEntries(useCaseDeps(deps), actor, { ...query, ...params });
    return success(data, { nextCursor });
  }),
  implement(listAuditLog, async ({ query, actor, deps }) => {
    const { data, nextCursor } = await listAuditEntries(useCaseDeps(deps), actor, query);
    return success(data, { nextCursor });
  }),
];
