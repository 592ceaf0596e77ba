import type { Executor } from '@brigade/db/database';
import { findOutboxText, markTextFailed, markTextSent } from './text-outbox';

/** The SMS provider, as the texter needs it (the server wires Twilio's client, or its emulator). */
export interface TextSender {
  /** Sends one text; answers the provider's id, or throws (an IntegrationError with a `category`). */
  send(to: string, body: string): Promise<{ sid: string }>;
}

export type TextOutcome = 'sent' | 'kept' | 'refused' | 'already sent' | 'gone';

/**
 * Delivers outbox text `id` (the `sms.deliver` job, docs/jobs.md). A text already sent is left alone. A
 * failure waiting may mend (rate limit, provider down, no answer) is recorded and thrown, so the job tries again
 * with its backoff; one that cannot (a number the provider refuses, a wrong account) is recorded and ends the
 * job. Without a provider the text stays in the outbox (`kept`), as mail without SMTP does.
 */
export async function deliverText(
  db: Executor,
  sender: TextSender | undefined,
  id: number,
): Promise<TextOutcome> {
  const row = await findOutboxText(db, id);
  if (!row) return 'gone';
  if (row.sentAt) return 'already sent';
  if (!sender) return 'kept';
  let sid: string;
  try {
    ({ sid } = await sender.send(row.toNumber, row.body));
  } catch (error) {
    await markTextFailed(db, id, (error as Error).message);
    const category = (error as { category?: unknown }).category;
    if (category === 'bad-request' || category === 'unauthorized' || category === 'not-found')
      return 'refused';
    throw error;
  }
  await markTextSent(db, id, sid);
  return 'sent';
}
