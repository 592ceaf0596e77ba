import { randomBytes } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { QUEUES, type QueueName } from '@brigade/db/job-queue';
import { kitchenTickets } from '@brigade/db/schema/ordering';
import { printJobs } from '@brigade/db/schema/printing';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { enqueue } from '../jobs/index';

/**
 * The cloud printers' queue (docs/behaviour/printing.md, decision 053). A job of `kitchen.ticket`,
 * `pos.receipt` or `pos.drawer` whose printer polls the server leaves its document here and ends; the
 * printer takes it on its next poll and answers. What the job would have done with a printer that failed
 * over TCP (try again later, the backup printer, give up) is written beside the document (`afterwards`) and done
 * when the printer reports a failure, or when it has neither taken nor confirmed the document by its deadline
 * (the `print.deadline` job). A confirmed document marks its kitchen ticket printed.
 */

export type PrintKind = (typeof printJobs.$inferInsert)['kind'];
export type PrintJobRow = typeof printJobs.$inferSelect;

/** What happens next, written when the document is queued. */
export interface PrintAfterwards {
  /** On confirmation: the kitchen ticket this printed. */
  printed?: { ticketId: number; printerId: number; attempts: number };
  /** On failure: queue the job again (another try; try 0: the backup printer, at once)… */
  retry?: { queue: QueueName; data: Record<string, unknown>; tryNumber: number };
  /** …or the kitchen ticket is `failed` and waits on the screens for Retry. */
  ticketFailed?: { ticketId: number; attempts: number };
}

export interface CloudDocument {
  tenantId: number;
  restaurantId: number;
  printerId: number;
  kind: PrintKind;
  /** The queue job that makes it: run twice (after a crash), the job finds the document it already queued. */
  source: string;
  mediaType: string;
  body: Uint8Array;
  afterwards: PrintAfterwards;
}

/** How long a cloud printer has to take a document, and then to confirm it (seconds). */
export const DEFAULT_COLLECT_SECONDS = 60;

/**
 * Queues a document for a cloud printer, with its deadline job, in one transaction. When the source already
 * queued one (the job ran again after a crash) nothing new is queued: that one is waiting, out or printed.
 */
export async function queueForCloudPrinter(
  transact: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>,
  document: CloudDocument,
  collectSeconds: number,
): Promise<'queued' | 'already queued'> {
  return transact(async (tx) => {
    const [existing] = await tx
      .select({ id: printJobs.printJobId })
      .from(printJobs)
      .where(
        and(
          eq(printJobs.source, document.source),
          eq(printJobs.printerId, document.printerId),
          inArray(printJobs.status, ['waiting', 'handed', 'printed']),
        ),
      )
      .limit(1);
    if (existing) return 'already queued';
    const deadline = new Date(Date.now() + collectSeconds * 1000);
    const [row] = await tx
      .insert(printJobs)
      .values({
        ...document,
        body: Buffer.from(document.body),
        token: randomBytes(10).toString('hex'),
        deadlineAt: deadline,
        afterwards: document.afterwards as Record<string, unknown>,
      })
      .returning({ id: printJobs.printJobId });
    await enqueue(tx, QUEUES.printDeadline.name, { printJobId: row!.id }, { startAfter: deadline });
    return 'queued';
  });
}

export interface PrinterKey {
  tenantId: number;
  restaurantId: number;
  printerId: number;
}

const ofPrinter = (key: PrinterKey) =>
  and(
    eq(printJobs.tenantId, key.tenantId),
    eq(printJobs.restaurantId, key.restaurantId),
    eq(printJobs.printerId, key.printerId),
  );

/** The document a CloudPRNT printer is offered on its poll: the one it has out, else the oldest waiting. */
export async function nextOffer(ex: Executor, key: PrinterKey): Promise<PrintJobRow | null> {
  const [row] = await ex
    .select()
    .from(printJobs)
    .where(and(ofPrinter(key), inArray(printJobs.status, ['waiting', 'handed'])))
    .orderBy(desc(sql`${printJobs.status} = 'handed'`), asc(printJobs.printJobId))
    .limit(1);
  return row ?? null;
}

/**
 * The printer takes a document: by its token (CloudPRNT's GET, which may be repeated) or the oldest waiting
 * one (Epson's GetRequest). Rows are locked and skipped when locked, so two polls at once never take the
 * same document; taking one moves its deadline on, giving the printer as long again to confirm it.
 */
export async function takeDocument(
  ex: Executor,
  key: PrinterKey,
  collectSeconds: number,
  token?: string,
): Promise<PrintJobRow | null> {
  return ex.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(printJobs)
      .where(
        and(
          ofPrinter(key),
          token === undefined ? eq(printJobs.status, 'waiting') : eq(printJobs.token, token),
          inArray(printJobs.status, ['waiting', 'handed']),
        ),
      )
      .orderBy(asc(printJobs.printJobId))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const [taken] = await tx
      .update(printJobs)
      .set({
        status: 'handed',
        handedAt: row.handedAt ?? new Date(),
        deadlineAt: new Date(Date.now() + collectSeconds * 1000),
      })
      .where(eq(printJobs.printJobId, row.printJobId))
      .returning();
    return taken!;
  });
}

/**
 * The printer's answer for a document it had (or, for a failure, any document still waiting for it):
 * printed, or failed with the printer's reason, and what follows. Answers false for a document that is not
 * this printer's or is already settled (a repeated confirmation changes nothing).
 */
export async function settleDocument(
  ex: Executor,
  key: PrinterKey,
  where: { token: string } | { allOpen: true },
  outcome: { printed: boolean; result: string },
): Promise<number> {
  return ex.transaction(async (tx) => {
    const rows = await tx
      .update(printJobs)
      .set({ status: outcome.printed ? 'printed' : 'failed', result: outcome.result, finishedAt: new Date() })
      .where(
        and(
          ofPrinter(key),
          'token' in where ? eq(printJobs.token, where.token) : undefined,
          inArray(printJobs.status, ['waiting', 'handed']),
        ),
      )
      .returning();
    for (const row of rows) await followUp(tx, row, outcome);
    return rows.length;
  });
}

/** Days a printed or failed document is kept (the daily `retention.prune`): what printed when, for support. */
export const SETTLED_DOCUMENT_DAYS = 7;

/** Removes up to `limit` documents settled before `before`; answers how many went. */
export async function deleteSettledDocuments(ex: Executor, before: Date, limit: number): Promise<number> {
  const old = ex
    .select({ id: printJobs.printJobId })
    .from(printJobs)
    .where(and(inArray(printJobs.status, ['printed', 'failed']), lt(printJobs.createdAt, before)))
    .orderBy(printJobs.printJobId)
    .limit(limit);
  const gone = await ex
    .delete(printJobs)
    .where(inArray(printJobs.printJobId, old))
    .returning({ id: printJobs.printJobId });
  return gone.length;
}

/** The `print.deadline` job: a document neither taken nor confirmed in time fails like a silent printer. */
export async function expireDocument(
  ex: Executor,
  printJobId: number,
): Promise<'expired' | 'later' | 'settled'> {
  return ex.transaction(async (tx) => {
    const [row] = await tx.select().from(printJobs).where(eq(printJobs.printJobId, printJobId)).for('update');
    if (!row || (row.status !== 'waiting' && row.status !== 'handed')) return 'settled';
    if (row.deadlineAt.getTime() > Date.now()) {
      await enqueue(tx, QUEUES.printDeadline.name, { printJobId }, { startAfter: row.deadlineAt });
      return 'later';
    }
    const result =
      row.status === 'waiting'
        ? 'The printer did not collect it in time (is it on and polling?)'
        : 'The printer took it but did not confirm it in time';
    const [failed] = await tx
      .update(printJobs)
      .set({ status: 'failed', result, finishedAt: new Date() })
      .where(eq(printJobs.printJobId, printJobId))
      .returning();
    await followUp(tx, failed!, { printed: false, result });
    return 'expired';
  });
}

async function followUp(tx: Executor, row: PrintJobRow, outcome: { printed: boolean; result: string }) {
  const then = row.afterwards as PrintAfterwards;
  if (outcome.printed) {
    if (then.printed)
      await tx
        .update(kitchenTickets)
        .set({
          status: 'printed',
          printedOn: then.printed.printerId,
          printedAt: new Date(),
          attempts: then.printed.attempts,
          error: null,
          updatedAt: new Date(),
        })
        .where(and(eq(kitchenTickets.ticketId, then.printed.ticketId), eq(kitchenTickets.status, 'queued')));
    return;
  }
  if (then.retry) {
    const delay = await retryDelaySeconds(tx, then.retry.queue, then.retry.tryNumber);
    await enqueue(tx, then.retry.queue, then.retry.data, { startAfter: new Date(Date.now() + delay * 1000) });
  } else if (then.ticketFailed) {
    await tx
      .update(kitchenTickets)
      .set({
        status: 'failed',
        attempts: then.ticketFailed.attempts,
        error: outcome.result,
        updatedAt: new Date(),
      })
      .where(
        and(eq(kitchenTickets.ticketId, then.ticketFailed.ticketId), eq(kitchenTickets.status, 'queued')),
      );
  }
}

/** The queue's own retry delay (pg-boss's, doubled per try with backoff): a cloud failure waits as TCP's does. */
async function retryDelaySeconds(tx: Executor, queue: QueueName, tryNumber: number): Promise<number> {
  const result = (await tx.execute(
    sql`select retry_delay, retry_backoff from pgboss.queue where name = ${queue}`,
  )) as unknown as { rows: { retry_delay: number; retry_backoff: boolean }[] };
  const row = result.rows[0];
  if (!row || tryNumber <= 0) return 0;
  return row.retry_backoff ? row.retry_delay * 2 ** Math.max(0, tryNumber - 1) : row.retry_delay;
}
