import type { Executor } from '@brigade/db/database';
import { businessListingReviewReplies, businessListingReviews } from '@brigade/db/schema/business-listing';
import { users } from '@brigade/db/schema/identity';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import type { ReviewReplyAction } from '@brigade/domain/listing/review';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

/** Stored reviews (migration 0020), with the tenant's and restaurant's GUIDs the listing API names. */
export type ReviewRow = typeof businessListingReviews.$inferSelect & {
  tenantGuid: string;
  restaurantGuid: string;
};
export type NewReviewRow = typeof businessListingReviews.$inferInsert;

const r = businessListingReviews;

function selectReviews(ex: Executor) {
  return ex
    .select({ row: r, tenantGuid: tenants.guid, restaurantGuid: restaurants.guid })
    .from(r)
    .innerJoin(tenants, eq(tenants.tenantId, r.tenantId))
    .innerJoin(
      restaurants,
      and(eq(restaurants.tenantId, r.tenantId), eq(restaurants.restaurantId, r.restaurantId)),
    );
}

const flatten = (found: {
  row: typeof r.$inferSelect;
  tenantGuid: string;
  restaurantGuid: string;
}): ReviewRow => ({
  ...found.row,
  tenantGuid: found.tenantGuid,
  restaurantGuid: found.restaurantGuid,
});

/** Every review with this id the transaction can see (one per restaurant at most). */
export async function findReviewsById(ex: Executor, reviewId: string): Promise<ReviewRow[]> {
  return (await selectReviews(ex).where(eq(r.reviewId, reviewId)).limit(10)).map(flatten);
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/** The synced columns: a sync writes only when one of them differs, so a second run changes nothing. */
const SYNCED = {
  connectionId: 'connection_id',
  resourceName: 'resource_name',
  reviewerName: 'reviewer_name',
  reviewerPhotoUrl: 'reviewer_photo_url',
  isReviewerAnonymous: 'is_reviewer_anonymous',
  rating: 'rating',
  comment: 'comment',
  reviewTime: 'review_time',
  reviewUpdateTime: 'review_update_time',
  response: 'response',
  responseTime: 'response_time',
} as const;

const CHUNK = 500;

/**
 * Inserts or updates reviews of one restaurant by (tenant, restaurant, reviewId). A row whose synced columns
 * are all as stored is left alone (not even updatedAt moves). A reply changed on Google stops counting as
 * AI-drafted. Returns how many were created and updated.
 */
export async function upsertReviews(
  ex: Executor,
  rows: NewReviewRow[],
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  const set: Record<string, SQL> = Object.fromEntries(
    Object.entries(SYNCED).map(([key, column]) => [key, excluded(column)]),
  );
  const changed = sql.join(
    Object.values(SYNCED).map(
      (column) =>
        sql`${sql.raw(`"business_listing_reviews"."${column}"`)} IS DISTINCT FROM ${excluded(column)}`,
    ),
    sql` OR `,
  );
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const before = await repliesBefore(ex, chunk);
    const written = await ex
      .insert(r)
      .values(chunk)
      .onConflictDoUpdate({
        target: [r.tenantId, r.restaurantId, r.reviewId],
        set: {
          ...set,
          syncedAt: excluded('synced_at'),
          updatedAt: sql`now()`,
          responseIsAiGenerated: sql`CASE WHEN ${r.response} IS NOT DISTINCT FROM excluded."response" THEN ${r.responseIsAiGenerated} ELSE false END`,
          responseAutoPosted: sql`CASE WHEN ${r.response} IS NOT DISTINCT FROM excluded."response" THEN ${r.responseAutoPosted} ELSE false END`,
          respondedBy: sql`CASE WHEN ${r.response} IS NOT DISTINCT FROM excluded."response" THEN ${r.respondedBy} ELSE NULL END`,
        },
        setWhere: changed,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written)
      if (row.inserted) created++;
      else updated++;
    await recordChangesOnGoogle(ex, chunk, before);
  }
  return { created, updated };
}

type StoredReply = { id: string; response: string | null };

/** The stored replies of the chunk's reviews that already exist, by restaurant and review id. */
async function repliesBefore(ex: Executor, chunk: NewReviewRow[]): Promise<Map<string, StoredReply>> {
  const found = new Map<string, StoredReply>();
  const first = chunk[0];
  if (!first) return found;
  const stored = await ex
    .select({ id: r.id, restaurantId: r.restaurantId, reviewId: r.reviewId, response: r.response })
    .from(r)
    .where(
      and(
        tenantIs(r.tenantId, first.tenantId),
        inArray(
          r.reviewId,
          chunk.map((row) => row.reviewId),
        ),
      ),
    );
  for (const row of stored) found.set(`${row.restaurantId}/${row.reviewId}`, row);
  return found;
}

/** A reply that differs from the stored one after a sync was changed (or deleted) on Google: history. */
async function recordChangesOnGoogle(ex: Executor, chunk: NewReviewRow[], before: Map<string, StoredReply>) {
  const events = chunk.flatMap((row) => {
    const stored = before.get(`${row.restaurantId}/${row.reviewId}`);
    const response = row.response ?? null;
    if (!stored || stored.response === response) return [];
    return [{ tenantId: row.tenantId, restaurantId: row.restaurantId, reviewRowId: stored.id, response }];
  });
  if (events.length === 0) return;
  await ex.insert(h).values(events.map((event) => ({ ...event, action: 'changed-on-google' as const })));
}

const h = businessListingReviewReplies;

/**
 * Stores the review's reply (null deletes it) and, in the same transaction, its history row: posted when the
 * review had no reply, edited when it had one, deleted.
 */
export async function recordReply(
  ex: Executor,
  review: { id: string; tenantId: number; restaurantId: number },
  reply: {
    response: string | null;
    responseTime: Date | null;
    isAiGenerated: boolean;
    respondedBy: string | null;
    autoPosted?: boolean;
    /** Who did it (for a deletion respondedBy is null). */
    userId?: string | null;
  },
): Promise<void> {
  const [current] = await ex
    .select({ response: r.response })
    .from(r)
    .where(eq(r.id, review.id))
    .for('update');
  const action: ReviewReplyAction =
    reply.response === null ? 'deleted' : current?.response == null ? 'posted' : 'edited';
  await ex.insert(h).values({
    tenantId: review.tenantId,
    restaurantId: review.restaurantId,
    reviewRowId: review.id,
    action,
    response: reply.response,
    isAiGenerated: reply.response === null ? false : reply.isAiGenerated,
    autoPosted: reply.autoPosted ?? false,
    userId: reply.userId ?? reply.respondedBy,
    at: reply.responseTime ?? new Date(),
  });
  await ex
    .update(r)
    .set({
      response: reply.response,
      responseTime: reply.responseTime,
      responseIsAiGenerated: reply.isAiGenerated,
      respondedBy: reply.respondedBy,
      responseAutoPosted: reply.autoPosted ?? false,
      updatedAt: new Date(),
    })
    .where(eq(r.id, review.id));
}

export type ReplyHistoryRow = typeof h.$inferSelect & { userName: string | null };

/** The review's reply history, newest first, with the name of whoever acted. */
export async function replyHistoryOf(ex: Executor, reviewRowId: string): Promise<ReplyHistoryRow[]> {
  const found = await ex
    .select({ row: h, userName: users.displayName })
    .from(h)
    .leftJoin(users, eq(users.uid, h.userId))
    .where(eq(h.reviewRowId, reviewRowId))
    .orderBy(desc(h.seq));
  return found.map(({ row, userName }) => ({ ...row, userName }));
}
