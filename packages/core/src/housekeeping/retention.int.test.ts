import { auditLog } from '@brigade/db/schema/audit';
import { outboxEmails, outboxTexts } from '@brigade/db/schema/identity';
import { printJobs } from '@brigade/db/schema/printing';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pruneAuditLog } from '../audit/audit-log-service';
import { pruneRetained } from './retention';

/**
 * Retention (the daily `retention.prune` job): rows past the policy go, everything younger or still in use
 * stays, and the audit log can be trimmed only through its database function, never by the server's role.
 */
const db = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const audit = (tag: string, occurredAt: Date) => ({
  tenantId: 1,
  tableName: 'items',
  operation: 'update' as const,
  rowKey: { tag },
  changes: {},
  actor: 'system',
  occurredAt,
});

/** What the database said when `work` failed (Drizzle wraps it as the cause of its own error). */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'no error',
    (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
  );

describe('retention', () => {
  it('removes audit entries and finished mail older than the policy, and keeps the rest', async () => {
    const ex = db.database.db;
    await ex.delete(outboxEmails);
    await ex.delete(outboxTexts);
    await ex
      .insert(auditLog)
      .values([audit('old', daysAgo(400)), audit('kept', daysAgo(300)), audit('new', daysAgo(1))]);
    const mail = (subject: string, createdAt: Date, done: Partial<{ sentAt: Date; error: string }>) => ({
      toAddress: 'cook@example.com',
      subject,
      textBody: 'T',
      createdAt,
      ...done,
    });
    await ex
      .insert(outboxEmails)
      .values([
        mail('sent long ago', daysAgo(40), { sentAt: daysAgo(40) }),
        mail('given up long ago', daysAgo(40), { error: 'refused' }),
        mail('still waiting', daysAgo(40), {}),
        mail('sent lately', daysAgo(5), { sentAt: daysAgo(5) }),
      ]);

    const text = (body: string, createdAt: Date, done: Partial<{ sentAt: Date; error: string }>) => ({
      toNumber: '+15551230000',
      body,
      createdAt,
      ...done,
    });
    await ex
      .insert(outboxTexts)
      .values([
        text('sent long ago', daysAgo(40), { sentAt: daysAgo(40) }),
        text('refused long ago', daysAgo(40), { error: 'Twilio answered 400 (error 21211)' }),
        text('still waiting', daysAgo(40), {}),
        text('sent lately', daysAgo(5), { sentAt: daysAgo(5) }),
      ]);

    // a cloud printer's documents: settled a week ago go, one settled lately or still waiting stays
    const tenantId = (await makeTenant(ex)).tenantId;
    const { restaurantId } = await makeRestaurant(ex, tenantId);
    const document = (token: string, status: 'waiting' | 'printed' | 'failed', createdAt: Date) => ({
      tenantId,
      restaurantId,
      printerId: 1,
      kind: 'kitchen.ticket' as const,
      source: token,
      token,
      mediaType: 'application/vnd.star.starprnt',
      body: Buffer.from('x'),
      status,
      deadlineAt: createdAt,
      afterwards: {},
      createdAt,
    });
    await ex
      .insert(printJobs)
      .values([
        document('printed-old', 'printed', daysAgo(8)),
        document('failed-old', 'failed', daysAgo(8)),
        document('waiting-old', 'waiting', daysAgo(8)),
        document('printed-new', 'printed', daysAgo(2)),
      ]);

    const removed = await pruneRetained(ex, { auditLogDays: 365, mailOutboxDays: 30 });
    expect(removed).toEqual({ auditLog: 1, mailOutbox: 2, textOutbox: 2, printJobs: 2 });
    const tokens = (await ex.select().from(printJobs)).map((row) => row.token);
    expect(tokens.sort()).toEqual(['printed-new', 'waiting-old']);
    const tags = (await ex.select().from(auditLog)).map((row) => row.rowKey.tag).filter(Boolean);
    expect(tags.sort()).toEqual(['kept', 'new']);
    const subjects = (await ex.select().from(outboxEmails)).map((row) => row.subject);
    expect(subjects.sort()).toEqual(['sent lately', 'still waiting']);
    const texts = (await ex.select().from(outboxTexts)).map((row) => row.body);
    expect(texts.sort()).toEqual(['sent lately', 'still waiting']);
    // 0 keeps for ever
    expect(await pruneRetained(ex, { auditLogDays: 0, mailOutboxDays: 0 })).toEqual({
      auditLog: 0,
      mailOutbox: 0,
      textOutbox: 0,
      printJobs: 0,
    });
  });

  it('never removes audit entries younger than 30 days, and the server role can trim only through the function', async () => {
    const ex = db.database.db;
    expect(await refusal(pruneAuditLog(ex, daysAgo(10), 10))).toMatch(/keeps at least 30 days/);
    await ex.insert(auditLog).values(audit('role', daysAgo(100)));
    // As the application's role: a plain delete is refused; the function removes what is past the policy.
    const asApp = (statement: ReturnType<typeof sql>) =>
      ex.transaction(async (tx) => {
        await tx.execute(sql`set local role brigade_app`);
        return tx.execute(statement);
      });
    expect(await refusal(asApp(sql`delete from audit_log`))).toMatch(/permission denied/);
    await asApp(sql`select brigade_prune_audit_log(now() - interval '90 days', 100)`);
    const tags = (await ex.select().from(auditLog)).map((row) => row.rowKey.tag);
    expect(tags).not.toContain('role');
  });
});
