import { CdnClient } from '@brigade/cdn/client';
import { runCheckoutSweep } from '@brigade/core/housekeeping/checkout-sweep';
import {
  type HousekeepingDeps,
  type HousekeepingResult,
  runHousekeeping,
} from '@brigade/core/housekeeping/housekeeping';
import { pruneRetained } from '@brigade/core/housekeeping/retention';
import { deliverText } from '@brigade/core/identity/texter';
import { JobRunner } from '@brigade/core/jobs/job-runner';
import { autoReplyDueReviews } from '@brigade/core/listing/auto-reply-job';
import { queueDueSyncs, syncConnection } from '@brigade/core/listing/scheduled-sync';
import { printQueuedTicket } from '@brigade/core/ordering/kitchen-tickets';
import { sendScheduledRefunds } from '@brigade/core/ordering/scheduled-refunds';
import { checkUnacceptedOrder } from '@brigade/core/ordering/unaccepted-orders';
import { importRecentReports } from '@brigade/core/payments/funding-import';
import { resyncDuePlaces } from '@brigade/core/places/place-resync';
import {
  captureUntippedCards,
  closeUnpaidKioskChecks,
  kickDrawerJob,
  printReceiptJob,
} from '@brigade/core/pos/index';
import { expireDocument } from '@brigade/core/printing/index';
import { SYSTEM } from '@brigade/core/use-case';
import { QUEUES } from '@brigade/db/job-queue';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps';
import { systemOrderingDeps } from './routes/ordering';

/**
 * What this instance's job runner does (docs/jobs.md): every queue's handler, and the schedules. Every
 * instance runs the same; each job runs on one of them.
 * - `mail.deliver`: one outbox message (queued by the outbox row's insert); `sms.deliver` one outbox text;
 * - `kitchen.ticket`: one kitchen ticket (queued by the move that sends an order to the kitchen);
 * - `pos.drawer`: a register's cash drawer kick, `pos.receipt` its receipt (queued with the cash sale);
 * - `print.deadline`: a cloud printer's document neither collected nor confirmed in time fails (decision 053);
 * - `order.unaccepted`: an order still `new` after its alert or cancel time (queued when it goes live);
 * - `checkout.sweep`: stale payments, then orders stuck in `placing`; every minute and at start-up;
 * - `kiosk.unpaid`: kiosk orders nobody paid at the counter, closed as abandoned; every 15 minutes;
 * - `refund.scheduled`: refunds asked for before their payment settled, sent once it has; every 15 minutes;
 * - `payments.reports`: each restaurant's gateway settlement and funding of the last 7 dates not stored yet;
 *   daily at 05:40 UTC;
 * - `listing.schedule` (every minute) queues a `listing.sync` per Google Business Profile connection due, and
 *   `listing.autoreply` (every minute) posts the AI replies due; `places.resync` (every 15 minutes) re-syncs the
 *   linked Google places due. Without Google configured they find nothing to do;
 * - `retention.prune`: audit log and mail outbox rows past the retention policy; daily at 03:17 UTC;
 * - `cdn.purge`: one purge of a CDN's pages by surrogate key (queued by the site on each change);
 * - `housekeeping`: what would otherwise only grow; every 15 minutes and at start-up.
 */
export function createJobRunner(
  deps: AppDeps,
  housekeeping: HousekeepingDeps,
  log: FastifyBaseLogger,
): JobRunner {
  const runner = withMessageJobs(new JobRunner(deps.database, log), deps, log);
  return withCdnJobs(withRefundJobs(withRegisterJobs(runner, deps, log), deps, log), deps)
    .handle(QUEUES.ticket.name, async (data, job) => {
      await printQueuedTicket(printDeps(deps), Number(data.ticketId), job, ticketStepOf(data));
    })
    .handle(QUEUES.unaccepted.name, async (data) => {
      const done = await checkUnacceptedOrder(systemOrderingDeps(deps, log), {
        orderId: Number(data.orderId),
        step: data.step === 'cancel' ? 'cancel' : 'alert',
        minutes: Number(data.minutes),
      });
      if (done === 'cancelled') log.warn({ orderId: data.orderId }, 'cancelled an order nobody accepted');
    })
    .handle(QUEUES.checkoutSweep.name, async () => checkoutSweep(deps, log), {
      batchSize: 1,
      cron: '* * * * *',
    })
    .handle(
      QUEUES.listingSchedule.name,
      async () => {
        const queued = housekeeping.listing ? await queueDueSyncs(housekeeping.listing(), new Date()) : 0;
        if (queued > 0) log.info({ queued }, 'queued the due Google Business Profile syncs');
      },
      { batchSize: 1, cron: '* * * * *' },
    )
    .handle(QUEUES.listingSync.name, async (data) => {
      if (housekeeping.listing) await syncConnection(housekeeping.listing(), String(data.connectionId));
    })
    .handle(
      QUEUES.listingAutoReply.name,
      async () => {
        if (!housekeeping.listing) return;
        const llm = await housekeeping.llm?.();
        const result = await autoReplyDueReviews(housekeeping.listing(), llm, new Date());
        if (result.due > 0) log.info(result, 'posted due Google Business Profile auto-replies');
      },
      { batchSize: 1, cron: '* * * * *' },
    )
    .handle(
      QUEUES.placesResync.name,
      async () => {
        if (!housekeeping.places) return;
        const result = await resyncDuePlaces(await housekeeping.places(), SYSTEM, new Date());
        if (result.due > 0) log.info(result, 'synced linked Google places');
      },
      { batchSize: 1, cron: '*/15 * * * *' },
    )
    .handle(
      QUEUES.retention.name,
      async () => {
        const removed = await pruneRetained(deps.database.db, deps.config.retention);
        if (removed.auditLog + removed.mailOutbox + removed.textOutbox + removed.printJobs > 0)
          log.info(removed, 'removed rows past their retention');
      },
      { batchSize: 1, cron: '17 3 * * *' },
    )
    .handle(
      QUEUES.housekeeping.name,
      async () => reportHousekeeping(await runHousekeeping(housekeeping), log),
      { batchSize: 1, cron: '*/15 * * * *' },
    );
}

/**
 * Starts the runner, then runs each sweep once at once (and the scheduled refunds after the checkout sweep), in this process (a restart is when they matter most):
 * not through the queue, where a sweep a killed process was running would hold the next one back until its
 * job expires (JobRunner.runNow).
 */
export async function startJobRunner(runner: JobRunner, _deps: AppDeps): Promise<void> {
  await runner.start();
  // refunds waiting for settlement after the sweep: it settles a refund a killed process left unanswered,
  // which the refund's own run then finds answered (ordering/scheduled-refunds.ts)
  runner.runNow(QUEUES.checkoutSweep.name, QUEUES.scheduledRefunds.name);
  runner.runNow(QUEUES.housekeeping.name);
}

function reportHousekeeping(result: HousekeepingResult, log: FastifyBaseLogger): void {
  if (result.uploads.uploads > 0) log.warn(result.uploads, 'removed the files of interrupted uploads');
  if (result.payments && result.payments.examined > 0)
    log.info(result.payments, 'settled payments left pending or unknown');
}

/**
 * Refunds of orders asked for before their payment settled, sent once it has (ordering/scheduled-refunds.ts),
 * and the gateway's settlement and funding stored day by day (payments/funding-import.ts).
 */
function withRefundJobs(runner: JobRunner, deps: AppDeps, log: FastifyBaseLogger): JobRunner {
  return runner
    .handle(
      QUEUES.scheduledRefunds.name,
      async () => {
        const sent = await sendScheduledRefunds(systemOrderingDeps(deps, log));
        if (sent.examined > sent.waiting) log.info(sent, 'sent or ended refunds scheduled for settlement');
      },
      { batchSize: 1, cron: '*/15 * * * *' },
    )
    .handle(
      QUEUES.gatewayReports.name,
      async () => {
        const run = await importRecentReports(systemOrderingDeps(deps, log), new Date(), {
          pauseMs: deps.config.gatewayReportsPauseMs,
        });
        if (run.settlementDays + run.fundingDays > 0)
          log.info({ ...run, failures: run.failures.length }, 'stored the gateway settlement and funding');
        // a failed restaurant's dates wait for tomorrow's run, which looks 7 dates back
        if (run.failures.length > 0)
          log.warn({ failures: run.failures }, 'could not read some gateway settlement or funding');
      },
      // early morning: yesterday's deposit is known by then
      { batchSize: 1, cron: '40 5 * * *' },
    );
}

/** The checkout sweep's run, and what it settled in the log. */
async function checkoutSweep(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const swept = await runCheckoutSweep(systemOrderingDeps(deps, log), {
    quietSeconds: deps.config.checkoutQuietSeconds,
  });
  const { payments, steps, orders, cardSales, tips, cardsBack, voids } = swept;
  if (payments.examined > 0) log.info(payments, 'settled payments left pending or unknown');
  if (Object.keys(steps.steps).length > 0 || steps.keys.answered + steps.keys.released > 0)
    log.warn(steps, 'settled captures, voids or refunds cut off before their answer');
  if (orders.examined > 0) log.warn(orders, 'settled orders whose checkout was cut off');
  if (cardSales.released > 0) log.warn(cardSales, 'gave back the keys of register card sales cut off');
  if (tips > 0) log.warn({ tips }, 'recorded the tips of register cards captured before a cut-off');
  if (cardsBack > 0)
    log.warn({ cardsBack }, 'took cards found given back at the gateway off their open checks');
  if (voids > 0)
    log.warn({ voids }, 'voided register sales whose void was cut off after their cards went back');
}

/** A CDN's purges (docs/operations/cdn.md); without a CDN configured the queue stays empty. */
function withCdnJobs(runner: JobRunner, deps: AppDeps): JobRunner {
  const { provider, url, zone, apiToken } = deps.config.cdn;
  const client =
    provider && zone && apiToken ? new CdnClient({ provider, baseUrl: url, zone, apiToken }) : undefined;
  return runner.handle(QUEUES.cdnPurge.name, async (data) => {
    if (!client) return;
    if (data.everything === true) await client.purgeEverything();
    else await client.purgeKeys(Array.isArray(data.keys) ? data.keys.map(String) : []);
  });
}

/** Mail and text messages of the outboxes: each row's delivery. */
function withMessageJobs(runner: JobRunner, deps: AppDeps, log: FastifyBaseLogger): JobRunner {
  return runner
    .handle(QUEUES.mail.name, async (data) => {
      await deps.identity.mailer.deliver(Number(data.outboxId));
    })
    .handle(QUEUES.sms.name, async (data) => {
      const outcome = await deliverText(deps.database.db, await deps.sms.sender(), Number(data.textId));
      if (outcome === 'refused') log.warn({ textId: data.textId }, 'the SMS provider refused a text');
    });
}

/**
 * The registers' jobs (docs/behaviour/pos.md): a cash drawer's kick and a sale's receipt on its printer; the
 * kiosk orders nobody paid (decision 062); and the cloud printers' deadlines (decision 053).
 */
function withRegisterJobs(runner: JobRunner, deps: AppDeps, log: FastifyBaseLogger): JobRunner {
  return runner
    .handle(
      QUEUES.kioskUnpaid.name,
      async () => {
        const result = await closeUnpaidKioskChecks(systemOrderingDeps(deps, log), {
          afterMinutes: deps.config.kioskUnpaidMinutes,
        });
        if (result.closed > 0) log.info(result, 'closed kiosk orders nobody paid at the counter');
      },
      { batchSize: 1, cron: '*/15 * * * *' },
    )
    .handle(
      QUEUES.posUntipped.name,
      async () => {
        const result = await captureUntippedCards(systemOrderingDeps(deps, log));
        if (result.captured + result.failed > 0)
          log.info(result, 'captured register cards whose tip never came from the receipt');
      },
      { batchSize: 1, cron: '*/15 * * * *' },
    )
    .handle(QUEUES.printDeadline.name, async (data) => {
      const outcome = await expireDocument(deps.database.db, Number(data.printJobId));
      if (outcome === 'expired')
        log.warn({ printJobId: data.printJobId }, 'a cloud printer missed its deadline');
    })
    .handle(QUEUES.drawer.name, async (data, job) => {
      await kickDrawerJob(
        printDeps(deps),
        {
          tenantId: Number(data.tenantId),
          restaurantId: Number(data.restaurantId),
          printerId: Number(data.printerId),
          ...cloudTryOf(data),
        },
        job,
      );
    })
    .handle(QUEUES.receipt.name, async (data, job) => {
      const sites = systemOrderingDeps(deps, log).receipts!.sites;
      await printReceiptJob(
        { ...printDeps(deps), sites },
        {
          tenantId: Number(data.tenantId),
          restaurantId: Number(data.restaurantId),
          orderId: Number(data.orderId),
          printerId: Number(data.printerId),
          reprint: data.reprint === true,
          ...(data.tenderId === undefined ? {} : { tenderId: Number(data.tenderId) }),
          ...cloudTryOf(data),
        },
        job,
      );
    });
}

/** How jobs print: raw TCP to an address, or a cloud printer's queue with its deadline (decision 053). */
const printDeps = (deps: AppDeps) => ({
  db: deps.database.db,
  transport: deps.kitchenPrinter,
  collectSeconds: deps.config.cloudPrintCollectSeconds,
  menuCache: deps.menuCache,
});

/** Which try a ticket's job is when a cloud printer's failure queued it (kitchen-tickets.ts). */
const ticketStepOf = (data: Record<string, unknown>) => ({
  ...cloudTryOf(data),
  stage: data.stage === 'backup' ? ('backup' as const) : undefined,
});

const cloudTryOf = (data: Record<string, unknown>) =>
  data.cloudTry === undefined ? {} : { cloudTry: Number(data.cloudTry) };
