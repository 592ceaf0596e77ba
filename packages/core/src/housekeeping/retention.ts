import type { Executor } from '@brigade/db/database';
import { pruneAuditLog } from '../audit/index';
import { deleteOldOutboxEmails, deleteOldOutboxTexts } from '../identity/index';
import { deleteSettledDocuments, SETTLED_DOCUMENT_DAYS } from '../printing/index';

/**
 * Retention (docs/jobs.md, the daily `retention.prune` job): records that would otherwise only grow are removed
 * once they are older than the operator's policy. Each table goes in batches, every batch a statement of its
 * own, so no lock is held for long and a crash loses nothing but the batch in hand. Payment idempotency keys
 * (24 hours) and throttle counts have their own sweeps.
 */

export interface RetentionPolicy {
  /** Days the audit log keeps (0: for ever; otherwise at least 30, which the database also enforces). */
  auditLogDays: number;
  /** Days a sent or given-up mail or text keeps its record (0: for ever). */
  mailOutboxDays: number;
}

export interface RetentionResult {
  auditLog: number;
  mailOutbox: number;
  /** Texts (SMS) sent or given up on, on the mail outbox's policy. */
  textOutbox: number;
  /** Cloud printers' documents printed or failed more than a week ago (decision 053). */
  printJobs: number;
}

const BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes what the policy no longer keeps; answers how many rows of each went. */
export async function pruneRetained(
  db: Executor,
  policy: RetentionPolicy,
  now = new Date(),
): Promise<RetentionResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    auditLog:
      policy.auditLogDays > 0 ? await inBatches((n) => pruneAuditLog(db, before(policy.auditLogDays), n)) : 0,
    mailOutbox:
      policy.mailOutboxDays > 0
        ? await inBatches((n) => deleteOldOutboxEmails(db, before(policy.mailOutboxDays), n))
        : 0,
    textOutbox:
      policy.mailOutboxDays > 0
        ? await inBatches((n) => deleteOldOutboxTexts(db, before(policy.mailOutboxDays), n))
        : 0,
    printJobs: await inBatches((n) => deleteSettledDocuments(db, before(SETTLED_DOCUMENT_DAYS), n)),
  };
}

async function inBatches(remove: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await remove(BATCH);
    total += removed;
    if (removed < BATCH) return total;
  }
}
