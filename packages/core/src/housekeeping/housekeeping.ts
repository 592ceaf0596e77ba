import type { Executor } from '@brigade/db/database';
import { THROTTLE_RETENTION_MS } from '@brigade/domain/session-policy';
import type { ImageStorage } from '@brigade/images/storage';
import type { ChatCompletionsApi } from '@brigade/llm/chat-api';
import { deleteExpiredCredentials, deleteStaleAttempts, type ExpiredCredentials } from '../identity/index';
import { type SweepResult, sweepAbandonedUploads } from '../images/index';
import type { ListingDeps } from '../listing/index';
import type { PaymentDeps } from '../payments/index';
import { reconcileStalePayments, type StaleSweepResult } from '../payments/index';
import type { PlaceLinkDeps } from '../places/index';
import { purgeExpiredPlaces } from '../places/index';
import { SYSTEM } from '../use-case';

/**
 * Housekeeping (docs/operations/README.md "Housekeeping"): what would otherwise only grow. The `housekeeping`
 * job runs it at start-up and every 15 minutes (docs/jobs.md), on one instance at a time; each step is an
 * idempotent delete or claims what it settles, so an overlap would do no harm.
 *
 * - sign-in, sign-up and reset throttle counts whose window is long over;
 * - sessions, hand-off codes and reset tokens that can no longer be used;
 * - the files and records of uploads whose server instance died mid-upload (decision 015), which the
 *   start-up sweep only catches when an instance restarts;
 * - with the payments runtime: payments left pending or unknown, settled by their order id, and expired
 *   idempotency keys (payments/reconcile-stale.ts). Each stale row is claimed before it is settled, so
 *   instances sweeping at once never settle one twice;
 * - Google Places answers past their cache lifetime (places/places-cache.ts).
 *
 * The Google syncs and auto-replies are jobs of their own (docs/jobs.md: `listing.schedule`, `listing.sync`,
 * `listing.autoreply`, `places.resync`); their deps travel here because the job runtime builds them once.
 */

export interface HousekeepingDeps {
  db: Executor;
  storage: ImageStorage;
  /** This server instance: its own uploads in progress are never touched. */
  instanceId: string;
  /** The payments use-cases' deps (the gateway runtime); without them, payments are not swept. */
  payments?: PaymentDeps;
  /** The place-link use-cases' deps (Google or its emulator); without them, linked places are not re-synced. */
  places?: () => Promise<PlaceLinkDeps>;
  /** The listing use-cases' deps (Google or its emulator); without them, no scheduled listing syncs run. */
  listing?: () => ListingDeps;
  /** The language model for auto-replies (undefined: the local drafter writes them). */
  llm?: () => Promise<ChatCompletionsApi | undefined>;
}

export interface HousekeepingResult {
  throttleKeys: number;
  credentials: ExpiredCredentials;
  uploads: SweepResult;
  /** Expired Google Places answers removed from the shared cache. */
  placesAnswers: number;
  /** Null when housekeeping runs without the payments runtime. */
  payments: StaleSweepResult | null;
}

export async function runHousekeeping(deps: HousekeepingDeps, now = new Date()): Promise<HousekeepingResult> {
  const before = new Date(now.getTime() - THROTTLE_RETENTION_MS);
  return {
    throttleKeys: await deleteStaleAttempts(deps.db, before),
    credentials: await deleteExpiredCredentials(deps.db, before),
    uploads: await sweepAbandonedUploads({ db: deps.db, storage: deps.storage }, deps.instanceId),
    placesAnswers: await purgeExpiredPlaces(deps.db),
    payments: deps.payments ? await reconcileStalePayments(deps.payments, SYSTEM, { now }) : null,
  };
}
