import type { Executor } from '@brigade/db/database';
import { outboxEmails } from '@brigade/db/schema/identity';
import { desc, eq } from 'drizzle-orm';

/** The newest mail to `email` in the outbox (the development mailer's delivery), or null. */
export async function lastMailTo(db: Executor, email: string) {
  const [mail] = await db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, email))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  return mail ?? null;
}
