import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { isPrinting, type Kept, type SaleQueue } from './queue';

/**
 * Sends a register's waiting sales and kept checks in the order they were made, each with its own
 * Idempotency-Key (decisions 063, 072). A sale the server recorded (or had recorded already: the same key answers the same sale) leaves the
 * queue. The first that gets no answer, or an answer that may change (the server failing, the device or the
 * register refused), stops the round: it and the ones after it are sent next time, in order. A sale the
 * server refuses as it stands (400, 422) is kept as refused for a manager, and the others go on.
 */

export interface SyncOutcome {
  sent: number;
  refused: number;
  /** Why the round stopped early: the sales after it still wait. */
  stoppedBy: unknown;
}

/** The answer says the sale cannot be recorded as it is: sending it again cannot help. */
export const isRefusedForGood = (error: unknown): boolean =>
  error instanceof ProblemError && (error.status === 400 || error.status === 422);

export async function syncQueue(
  queue: SaleQueue,
  place: string,
  send: (sale: Kept) => Promise<unknown>,
  onSent: () => void = () => {},
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: 0, refused: 0, stoppedBy: null };
  for (const sale of await queue.list(place)) {
    if (sale.state !== 'waiting') continue;
    // its tickets are on the print bridge: it and the ones after it go next round, in order
    if (isPrinting(sale)) return { ...outcome, stoppedBy: 'printing' };
    try {
      await send(sale);
    } catch (error) {
      if (!isRefusedForGood(error)) return { ...outcome, stoppedBy: error };
      await queue.refuse(sale.key, problemText(error));
      outcome.refused += 1;
      continue;
    }
    await queue.remove(sale.key);
    outcome.sent += 1;
    onSent();
  }
  return outcome;
}

/** The server's words: its detail and each field's message ("… : Fries is not on the POS menu now"). */
export function problemText(error: unknown): string {
  if (!(error instanceof ProblemError) || error.errors.length === 0) return errorMessage(error);
  return `${error.detail}: ${[...new Set(error.errors.map((e) => e.message))].join('; ')}`;
}
