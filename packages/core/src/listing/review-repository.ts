import type { Executor } from '@brigade/db/database';
import { businessListingReviews } from '@brigade/db/schema/business-listing';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
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

export async function listReviewsOf(
  ex: Executor,
  scope: { tenantId: number; restaurantId: number },
  limit: number,
): Promise<ReviewRow[]> {
  const found = await selectReviews(ex)
    .where(and(tenantIs(r.tenantId, scope.tenantId), eq(r.restaurantId, scope.restaurantId)))
    .orderBy(desc(r.reviewTime), desc(r.reviewId))
    .limit(limit);
  return found.map(flatten);
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
    const written = await ex
      .insert(r)
      .values(rows.slice(start, start + CHUNK))
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
  }
  return { created, updated };
}

export async function recordReply(
  ex: Executor,
  id: string,
  reply: {
    response: string | null;
    responseTime: Date | null;
    isAiGenerated: boolean;
    respondedBy: string | null;
    autoPosted?: boolean;
  },
): Promise<void> {
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
    .where(eq(r.id, id));
}
