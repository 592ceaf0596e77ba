import type { Executor } from '@brigade/db/database';
import { businessListingReviews } from '@brigade/db/schema/business-listing';
import { isBrigadeError } from '@brigade/domain/errors';
import { autoReplyDecision } from '@brigade/domain/listing/auto-reply';
import type { ChatCompletionsApi } from '@brigade/llm/chat-api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { businessOf, restaurantOf, settingsOf } from './ai-replies';
import { findGoogleConnection } from './connection-repository';
import type { ListingDeps } from './listing-deps';
import { draftProblem, draftReply } from './review-drafts';
import { postReply } from './review-reply';
import { findReviewsById } from './review-repository';

/**
 * The auto-reply job (issue 19; docs/behaviour/ai-review-replies.md), run by housekeeping after the scheduled
 * syncs. For connections whose AI config is enabled and whose restaurant switched auto-reply on, each stored
 * review without a reply that `autoReplyDecision` allows now is drafted and posted through the reply path
 * (`postReply`), recorded as AI-drafted and auto-posted. Each review is claimed first by an atomic
 * conditional update of auto_reply_claimed_at, so with several instances only one posts it, and a claimed
 * review is never auto-replied again; a failed attempt gives its claim back for the next run. Everything
 * else waits for a person's approval.
 */

/** Reviews looked at per run: a bounded batch, so one run never holds housekeeping for long. */
export const AUTO_REPLY_BATCH = 20;

export interface AutoReplyResult {
  /** Reviews the SQL pre-filter found and the domain rule allowed. */
  due: number;
  posted: number;
  failed: number;
  /** Allowed, but another instance claimed them first. */
  skipped: number;
}

/**
 * Candidate review row ids: no reply and never claimed, of a connected connection with AI enabled whose
 * restaurant has auto-reply on, with a rating the config selects, and past the threshold. A pre-filter only
 * (so refused reviews cannot crowd out allowed ones); `autoReplyDecision` has the last word.
 */
async function candidates(ex: Executor, now: Date, limit: number): Promise<string[]> {
  const at = now.toISOString();
  const result = (await ex.execute(sql`
    select r.id from business_listing_reviews r
    join business_listing_connections c
      on c.tenant_id = r.tenant_id and c.restaurant_id = r.restaurant_id and c.provider = 'google'
    join restaurants rs on rs.tenant_id = r.tenant_id and rs.restaurant_id = r.restaurant_id
    where r.response is null and r.auto_reply_claimed_at is null and r.review_time is not null
      and r.resource_name is not null
      and c.status = 'connected' and c.ai_config is not null
      and coalesce(c.ai_config->>'isEnabled', 'false') = 'true'
      and coalesce(rs.platform_sync #>> '{platforms,googleMyBusiness,aiReplyConfig,autoReply}', 'false') = 'true'
      and c.ai_config->'autoRespondToRatings' @> to_jsonb(r.rating::int)
      and r.review_time <= ${at}::timestamptz
        - make_interval(hours => coalesce((c.ai_config->>'reviewThreshold')::int, 24))
    order by r.review_time
    limit ${limit}`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** Claims one review for this run; false when another instance already has (or it got a reply). */
export async function claimReview(ex: Executor, id: string, now: Date): Promise<boolean> {
  const r = businessListingReviews;
  const claimed = await ex
    .update(r)
    .set({ autoReplyClaimedAt: now })
    .where(and(eq(r.id, id), isNull(r.autoReplyClaimedAt), isNull(r.response)))
    .returning({ id: r.id });
  return claimed.length > 0;
}

const releaseClaim = (ex: Executor, id: string) =>
  ex
    .update(businessListingReviews)
    .set({ autoReplyClaimedAt: null })
    .where(eq(businessListingReviews.id, id));

/** The review, its connection and restaurant, and whether the rule allows posting now. */
async function loadAllowed(deps: ListingDeps, id: string, now: Date) {
  return deps.transact(async (tx) => {
    const [row] = await tx
      .select({ reviewId: businessListingReviews.reviewId })
      .from(businessListingReviews)
      .where(eq(businessListingReviews.id, id));
    const review = row
      ? (await findReviewsById(tx, row.reviewId)).find((found) => found.id === id)
      : undefined;
    if (!review) return null;
    const restaurant = await restaurantOf(tx, review);
    const found = await findGoogleConnection(tx, review.tenantId, review.restaurantId);
    if (found?.status !== 'connected') return null;
    const settings = settingsOf(found, restaurant);
    const decision = autoReplyDecision(settings, review, now);
    return decision.post ? { review, restaurant, connection: found, settings } : null;
  });
}

/** Drafts and posts one claimed review; the claim is given back when drafting or posting fails. */
async function answer(
  deps: ListingDeps,
  llm: ChatCompletionsApi | undefined,
  allowed: NonNullable<Awaited<ReturnType<typeof loadAllowed>>>,
): Promise<void> {
  const { review, restaurant, connection, settings } = allowed;
  try {
    const outcome = await draftReply({ config: settings, review, business: businessOf(restaurant) }, llm);
    if (!outcome.ok) throw draftProblem(outcome);
    await postReply(deps, review, connection.connectionId, {
      response: outcome.text,
      isAiGenerated: true,
      respondedBy: null,
      autoPosted: true,
    });
  } catch (error) {
    await deps.transact((tx) => releaseClaim(tx, review.id)).catch(() => undefined);
    throw error;
  }
}

/** One auto-reply pass: claims, drafts and posts what is due, one review after another. */
export async function autoReplyDueReviews(
  deps: ListingDeps,
  llm: ChatCompletionsApi | undefined,
  now: Date,
  limit = AUTO_REPLY_BATCH,
): Promise<AutoReplyResult> {
  const result: AutoReplyResult = { due: 0, posted: 0, failed: 0, skipped: 0 };
  const ids = await deps.transact((tx) => candidates(tx, now, limit));
  for (const id of ids) {
    const allowed = await loadAllowed(deps, id, now);
    if (!allowed) continue;
    result.due += 1;
    if (!(await deps.transact((tx) => claimReview(tx, id, now)))) {
      result.skipped += 1;
      continue;
    }
    try {
      await answer(deps, llm, allowed);
      result.posted += 1;
    } catch (error) {
      result.failed += 1;
      const reason = isBrigadeError(error) ? error.message : 'The auto-reply failed';
      deps.log.warn(
        { reviewId: allowed.review.reviewId, reason },
        'Google Business Profile auto-reply failed',
      );
    }
  }
  return result;
}
