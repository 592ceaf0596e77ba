import type { QueueName } from '@brigade/db/job-queue';
import type { JobContext } from '../jobs/index';
import type { PrintDeps, PrinterDocument, PrinterRow } from '../ordering/index';
import { DEFAULT_COLLECT_SECONDS, queueForCloudPrinter } from '../printing/index';

/**
 * A register's receipt or drawer kick for a cloud printer (docs/behaviour/printing.md): left in the print
 * queue, with the next try queued should the printer fail while the job has tries left (as the queue retries
 * a TCP printer that is off); after the last, nothing more (a receipt can be reprinted, a drawer opened
 * again).
 */
export async function leaveForCloudPrinter(
  deps: PrintDeps,
  job: {
    queue: QueueName;
    data: { cloudTry?: number | undefined };
    context: JobContext;
    printer: PrinterRow;
  },
  document: PrinterDocument,
): Promise<void> {
  const { queue, data, context, printer } = job;
  const tryNumber = (data.cloudTry ?? 0) + context.retryCount;
  const afterwards =
    tryNumber < context.retryLimit
      ? { retry: { queue, data: { ...data, cloudTry: tryNumber + 1 }, tryNumber: tryNumber + 1 } }
      : {};
  await queueForCloudPrinter(
    (work) => deps.db.transaction(work),
    {
      tenantId: printer.tenantId,
      restaurantId: printer.restaurantId,
      printerId: printer.printerId,
      kind: queue === 'pos.drawer' ? 'pos.drawer' : 'pos.receipt',
      source: `${queue}:${context.id}`,
      ...document,
      afterwards,
    },
    deps.collectSeconds ?? DEFAULT_COLLECT_SECONDS,
  );
}
