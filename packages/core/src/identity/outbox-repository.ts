import type { Executor } from '@brigade/db/database';
import { outboxEmails } from '@brigade/db/schema/identity';
import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Records a message to send; answers its id. The row's insert trigger queues its delivery job in the same
 * transaction (migration 0027, docs/jobs.md): the mail exists exactly when the write that caused it does,
 * and goes out once that commits.
 */
export async function insertOutboxEmail(ex: Executor, mail: OutboxMessage): Promise<number> {
  const [row] = await ex
    .insert(outboxEmails)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text })
    .returning({ id: outboxEmails.id });
  return row!.id;
}

export async function findOutboxEmail(ex: Executor, id: number) {
  const [row] = await ex.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

/** A delivered message keeps its record, not its body (it may carry a one-time link). */
export async function markOutboxSent(ex: Executor, id: number): Promise<void> {
  await ex
    .update(outboxEmails)
    .set({ sentAt: new Date(), textBody: '[delivered by SMTP; body not kept]', error: null })
    .where(eq(outboxEmails.id, id));
}

export async function markOutboxFailed(ex: Executor, id: number, error: string): Promise<void> {
  await ex.update(outboxEmails).set({ error }).where(eq(outboxEmails.id, id));
}

/**
 * Retention: removes up to `limit` of the oldest messages created before `before` that are done with (sent, or
 * given up on with their error); a message still waiting for its delivery is kept. Answers how many went.
 */
export async function deleteOldOutboxEmails(ex: Executor, before: Date, limit: number): Promise<number> {
  const o = outboxEmails;
  const old = ex
    .select({ id: o.id })
    .from(o)
    .where(and(lt(o.createdAt, before), or(isNotNull(o.sentAt), isNotNull(o.error))))
    .orderBy(o.id)
    .limit(limit);
  const gone = await ex.delete(o).where(inArray(o.id, old)).returning({ id: o.id });
  return gone.length;
}
