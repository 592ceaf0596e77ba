/**
 * The audit log's face to the other areas of core (issue 49 §1; decision 019): pruning past the retention policy.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { pruneAuditLog } from './audit-log-service';
