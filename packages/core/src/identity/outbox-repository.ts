import type { Executor } from '@brigade/db/database';
import { outboxEmails } from '@brigade/db/schema/identity';
import { eq } from 'drizzle-orm';

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
