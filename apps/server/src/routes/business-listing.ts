import {
  completeBusinessListingAuth,
  deleteBusinessListingConnection,
  disconnectBusinessListing,
  getBusinessListingAuthUrl,
  getBusinessListingConnection,
  listBusinessListingAccounts,
  listBusinessListingConnections,
  listBusinessListingLocations,
  selectBusinessListingLocation,
  updateBusinessListingConnection,
} from '@brigade/contracts/business-listing';
import {
  editBusinessListingProfile,
  syncBusinessListingFull,
  syncBusinessListingProfile,
} from '@brigade/contracts/business-listing-profile';
import {
  deleteBusinessListingReviewReply,
  getBusinessListingReviewSummary,
  listBusinessListingReviewReplyHistory,
  listBusinessListingReviews,
  replyToBusinessListingReview,
  syncBusinessListingReviews,
} from '@brigade/contracts/business-listing-reviews';
import {
  deleteConnection,
  disconnectRestaurant,
  getConnection,
  listConnections,
  updateConnection,
} from '@brigade/core/listing/connection-service';
import type { ListingDeps } from '@brigade/core/listing/listing-deps';
import { listAccounts, listLocations, selectLocation } from '@brigade/core/listing/location-service';
import { completeAuth, createAuthUrl } from '@brigade/core/listing/oauth-service';
import { editProfile } from '@brigade/core/listing/profile-edit';
import { syncFull, syncProfile } from '@brigade/core/listing/profile-sync';
import { listStoredReviews, summariseStoredReviews } from '@brigade/core/listing/review-inbox';
import { deleteReply, listReplyHistory, replyToReview } from '@brigade/core/listing/review-reply';
import { syncReviews } from '@brigade/core/listing/review-sync';
import { visibleTenantsOf } from '@brigade/core/tenant-scope';
import type { Executor } from '@brigade/db/database';
import { type WallContext, withinWalls } from '@brigade/db/tenant-walls';
import type { Actor } from '@brigade/domain/access';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

/**
 * Google Business Profile's routes (issue 19): one use-case call each. The contracts are
 * `outside` and "signed-in" (the tenant is named by GUID), so each database step runs in a short transaction
 * walled in to the caller's own tenants here, and the use-cases check the role.
 */
export function listingDeps(
  deps: AppDeps,
  actor: Actor,
  walls: WallContext | null,
  request: FastifyRequest,
): ListingDeps {
  const db = deps.database.db;
  const everyTenant = actor.kind === 'user' && actor.isSiteAdmin && actor.isActive;
  const context: WallContext = { ...walls, tenants: everyTenant ? 'all' : visibleTenantsOf(actor) };
  return {
    transact: <T>(work: (tx: Executor) => Promise<T>) => withinWalls(db, context, (tx) => work(tx)),
    google: () => deps.businessListing.clients(),
    // The same key handling as every other sealed secret (SECRETS_KEY).
    secrets: () => deps.payments.secrets(),
    appOrigins: deps.config.appOrigins,
    now: () => new Date(),
    log: { warn: (details, message) => request.log.warn(details, message) },
  };
}

const guidsOf = (scope: { tenantId: string; restaurantId: string }) => ({
  tenantGuid: scope.tenantId,
  restaurantGuid: scope.restaurantId,
});

export const businessListingRoutes = [
  implement(getBusinessListingAuthUrl, async ({ query, actor, deps, walls, request }) =>
    success(
      await createAuthUrl(listingDeps(deps, actor, walls, request), actor, {
        ...guidsOf(query),
        redirectUrl: query.redirectUrl,
      }),
    ),
  ),
  implement(completeBusinessListingAuth, async ({ body, actor, deps, walls, request }) =>
    success(
      await completeAuth(listingDeps(deps, actor, walls, request), actor, {
        code: body.code,
        state: body.state,
        tenantGuid: body.tenantId,
        restaurantGuid: body.restaurantId,
      }),
    ),
  ),
  implement(listBusinessListingConnections, async ({ query, actor, deps, walls, request }) =>
    success(await listConnections(listingDeps(deps, actor, walls, request), actor, guidsOf(query))),
  ),
  implement(getBusinessListingConnection, async ({ params, actor, deps, walls, request }) =>
    success(await getConnection(listingDeps(deps, actor, walls, request), actor, params.connectionId)),
  ),
  implement(updateBusinessListingConnection, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await updateConnection(listingDeps(deps, actor, walls, request), actor, {
        connectionId: params.connectionId,
        ...body,
      }),
    ),
  ),
  implement(deleteBusinessListingConnection, async ({ params, actor, deps, walls, request }) => {
    await deleteConnection(listingDeps(deps, actor, walls, request), actor, params.connectionId);
  }),
  implement(disconnectBusinessListing, async ({ params, actor, deps, walls, request }) =>
    success(await disconnectRestaurant(listingDeps(deps, actor, walls, request), actor, params)),
  ),
  implement(listBusinessListingAccounts, async ({ query, actor, deps, walls, request }) =>
    success(
      await listAccounts(listingDeps(deps, actor, walls, request), actor, {
        ...guidsOf(query),
        pageSize: query.pageSize,
        pageToken: query.pageToken,
      }),
    ),
  ),
  implement(listBusinessListingLocations, async ({ query, actor, deps, walls, request }) =>
    success(
      await listLocations(listingDeps(deps, actor, walls, request), actor, {
        ...guidsOf(query),
        accountId: query.accountId,
        readMask: query.readMask,
        pageSize: query.pageSize,
        pageToken: query.pageToken,
      }),
    ),
  ),
  implement(selectBusinessListingLocation, async ({ body, actor, deps, walls, request }) =>
    success(
      await selectLocation(listingDeps(deps, actor, walls, request), actor, {
        ...guidsOf(body),
        locationId: body.locationId,
      }),
    ),
  ),
  implement(syncBusinessListingReviews, async ({ params, actor, deps, walls, request }) =>
    success(await syncReviews(listingDeps(deps, actor, walls, request), actor, params.connectionId)),
  ),
  implement(listBusinessListingReviews, async ({ params, query, actor, deps, walls, request }) => {
    const page = await listStoredReviews(listingDeps(deps, actor, walls, request), actor, {
      ...query,
      connectionId: params.connectionId,
    });
    return success(page.data, { nextCursor: page.nextCursor });
  }),
  implement(getBusinessListingReviewSummary, async ({ params, query, actor, deps, walls, request }) =>
    success(
      await summariseStoredReviews(listingDeps(deps, actor, walls, request), actor, {
        ...query,
        connectionId: params.connectionId,
      }),
    ),
  ),
  implement(listBusinessListingReviewReplyHistory, async ({ params, actor, deps, walls, request }) =>
    success(await listReplyHistory(listingDeps(deps, actor, walls, request), actor, params)),
  ),
  implement(replyToBusinessListingReview, async ({ body, actor, deps, walls, request }) =>
    success(
      await replyToReview(listingDeps(deps, actor, walls, request), actor, {
        reviewId: body.reviewId,
        response: body.response,
        isAiGenerated: body.isAiGenerated,
        tenantGuid: body.tenantId,
        restaurantGuid: body.restaurantId,
      }),
    ),
  ),
  implement(deleteBusinessListingReviewReply, async ({ query, actor, deps, walls, request }) =>
    success(
      await deleteReply(listingDeps(deps, actor, walls, request), actor, {
        reviewId: query.reviewId,
        tenantGuid: query.tenantId,
        restaurantGuid: query.restaurantId,
      }),
    ),
  ),
  implement(syncBusinessListingProfile, async ({ params, actor, deps, walls, request }) =>
    success(await syncProfile(listingDeps(deps, actor, walls, request), actor, params.connectionId)),
  ),
  implement(editBusinessListingProfile, async ({ params, body, actor, deps, walls, request }) =>
    success(await editProfile(listingDeps(deps, actor, walls, request), actor, params.connectionId, body)),
  ),
  implement(syncBusinessListingFull, async ({ params, actor, deps, walls, request }) =>
    success(await syncFull(listingDeps(deps, actor, walls, request), actor, params.connectionId)),
  ),
];
