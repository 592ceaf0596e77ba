import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { isPrinting, type Kept, type QueuedSale, type SaleQueue } from './queue';

/**
 * Sends a register's waiting sales and kept checks in the order they were made, each with its own
 * Idempotency-Key (decisions 063, 072, 073). A sale the server recorded (or had recorded already: the same key
 * answers the same sale) leaves the queue. The first that gets no answer, or an answer that may change (the
 * server failing, the device or the register refused), stops the round: it and the ones after it are sent
 * next time, in order. A sale the server refuses as it stands (400, 422) is kept as refused for a manager, and
 * the others go on. Cash sales in a row go to the server in batches when a batch sender is given.
 */

export interface SyncOutcome {
  sent: number;
  refused: number;
  /** Why the round stopped early: the sales after it still wait. */
  stoppedBy: unknown;
}

/** How many cash sales in a row go in one batch (the most the server takes, SYNC_MAX_SALES). */
export const SYNC_BATCH = 100;

/**
 * Sends cash sales as one batch: for each sale tried, in order, null when it was recorded or the refusal it
 * got. A batch may answer fewer than it was given (it stopped at a refusal that may change); it throws when
 * the batch as a whole got no answer or was refused.
 */
export type SendSales = (sales: QueuedSale[]) => Promise<(ProblemError | null)[]>;

/** The answer says the sale cannot be recorded as it is: sending it again cannot help. */
export const isRefusedForGood = (error: unknown): boolean =>
  error instanceof ProblemError && (error.status === 400 || error.status === 422);

export async function syncQueue(
  queue: SaleQueue,
  place: string,
  send: (sale: Kept) => Promise<unknown>,
  onSent: () => void = () => {},
  sendSales?: SendSales,
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: 0, refused: 0, stoppedBy: null };
  // what the server answered for one entry: false stops the round
  const settle = async (kept: Kept, error: unknown): Promise<boolean> => {
    if (error === null) {
      await queue.remove(kept.key);
      outcome.sent += 1;
      onSent();
      return true;
    }
    if (!isRefusedForGood(error)) {
      outcome.stoppedBy = error;
      return false;
    }
    await queue.refuse(kept.key, problemText(error));
    outcome.refused += 1;
    return true;
  };
  const waiting = (await queue.list(place)).filter((kept) => kept.state === 'waiting');
  for (let at = 0; at < waiting.length; ) {
    // a sale whose tickets are on the print bridge: it and the ones after it go next round, in order
    if (isPrinting(waiting[at]!)) return { ...outcome, stoppedBy: 'printing' };
    const run = sendSales ? cashRun(waiting, at) : [];
    if (run.length > 0) {
      const answers = await sendSales!(run).catch((error: unknown) => error);
      if (!Array.isArray(answers)) return { ...outcome, stoppedBy: answers };
      for (const [n, answer] of answers.entries()) if (!(await settle(run[n]!, answer))) return outcome;
      if (answers.length < run.length) return { ...outcome, stoppedBy: 'unanswered' };
      at += run.length;
      continue;
    }
    const kept = waiting[at]!;
    const error = await send(kept).then(
      () => null,
      (failure: unknown) => failure ?? new Error('No answer'),
    );
    if (!(await settle(kept, error))) return outcome;
    at += 1;
  }
  return outcome;
}

/** The cash sales in a row from `at` that can go in one batch: none printing, at most SYNC_BATCH. */
function cashRun(waiting: Kept[], at: number): QueuedSale[] {
  const run: QueuedSale[] = [];
  for (const kept of waiting.slice(at)) {
    if (kept.kind === 'check' || isPrinting(kept) || run.length === SYNC_BATCH) break;
    run.push(kept);
  }
  return run;
}

/** The server's words: its detail and each field's message ("… : Fries is not on the POS menu now"). */
export function problemText(error: unknown): string {
  if (!(error instanceof ProblemError) || error.errors.length === 0) return errorMessage(error);
  return `${error.detail}: ${[...new Set(error.errors.map((e) => e.message))].join('; ')}`;
}
