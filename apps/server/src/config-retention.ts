import { z } from 'zod';

/** Retention (docs/jobs.md, the daily `retention.prune` job): days the audit log and the mail outbox keep rows. */
export const retentionEnvironment = {
  // 0 keeps the audit log for ever; otherwise at least 30 days (the database refuses to remove younger entries).
  AUDIT_LOG_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of days')
    .refine(
      (days) => days === 0 || (days >= 30 && days <= 36_500),
      'must be 0 (for ever) or 30 to 36500 days',
    )
    .default(365),
  // 0 keeps sent and given-up mail for ever.
  MAIL_OUTBOX_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of days')
    .min(0, 'must be 0 (for ever) or more days')
    .max(36_500, 'must be at most 36500 days')
    .default(30),
};

type RetentionEnvironment = z.infer<z.ZodObject<typeof retentionEnvironment>>;

export function retentionOf(c: RetentionEnvironment): { auditLogDays: number; mailOutboxDays: number } {
  return { auditLogDays: c.AUDIT_LOG_RETENTION_DAYS, mailOutboxDays: c.MAIL_OUTBOX_RETENTION_DAYS };
}
