import type { Executor } from '@brigade/db/database';
import { outboxEmails } from '@brigade/db/schema/identity';
import { eq } from 'drizzle-orm';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Records a message to send; answers its id. */
export async function insertOutboxEmail(ex: Executor, mail: OutboxMessage): Promise<number> {
  const [row] = await ex
    .insert(outboxEmails)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text })
    .returning({ id: outboxEmails.id });
  return row!.id;
}

/** A delivered message keeps its record, not its body (it may carry a one-time link). */
export async function markOutboxSent(ex: Executor, id: number): Promise<void> {
  await ex
    .update(outboxEmails)
    .set({ sentAt: new Date(), textBody: '[delivered by SMTP; body not kept]' })
    .where(eq(outboxEmails.id, id));
}

export async function markOutboxFailed(ex: Executor, id: number, error: string): Promise<void> {
  await ex.update(outboxEmails).set({ error }).where(eq(outboxEmails.id, id));
}
