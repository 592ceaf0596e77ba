import type { Executor } from '@brigade/db/database';
import { outboxTexts } from '@brigade/db/schema/identity';
import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';

/**
 * The SMS outbox (docs/jobs.md): a text is recorded in the transaction of the write that causes it, and the
 * row's insert trigger queues its `sms.deliver` job (migration 0047), as mail's does.
 */
export async function insertOutboxText(ex: Executor, text: { to: string; body: string }): Promise<number> {
  const [row] = await ex
    .insert(outboxTexts)
    .values({ toNumber: text.to, body: text.body })
    .returning({ id: outboxTexts.id });
  return row!.id;
}

export async function findOutboxText(ex: Executor, id: number) {
  const [row] = await ex.select().from(outboxTexts).where(eq(outboxTexts.id, id));
  return row;
}

export async function markTextSent(ex: Executor, id: number, providerId: string): Promise<void> {
  await ex
    .update(outboxTexts)
    .set({ sentAt: new Date(), providerId, error: null })
    .where(eq(outboxTexts.id, id));
}

export async function markTextFailed(ex: Executor, id: number, error: string): Promise<void> {
  await ex.update(outboxTexts).set({ error }).where(eq(outboxTexts.id, id));
}

/** Retention, as the mail outbox's: the oldest texts done with (sent, or given up on) before `before`. */
export async function deleteOldOutboxTexts(ex: Executor, before: Date, limit: number): Promise<number> {
  const t = outboxTexts;
  const old = ex
    .select({ id: t.id })
    .from(t)
    .where(and(lt(t.createdAt, before), or(isNotNull(t.sentAt), isNotNull(t.error))))
    .orderBy(t.id)
    .limit(limit);
  const gone = await ex.delete(t).where(inArray(t.id, old)).returning({ id: t.id });
  return gone.length;
}
