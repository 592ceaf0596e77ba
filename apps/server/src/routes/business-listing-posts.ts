import {
  createBusinessListingPost,
  deleteBusinessListingPost,
  listBusinessListingPosts,
  updateBusinessListingPost,
} from '@brigade/contracts/business-listing-posts';
import { createPost, deletePost, listPosts, updatePost } from '@brigade/core/listing/posts';
import { implement, success } from '../plugins/contract-routes';
import { listingDeps } from './business-listing';

/**
 * Google Business Profile posts (issue 19): list, publish, change and delete, each a
 * use-case call. Access as the other listing routes: the use-cases check the role, anyone else gets 404.
 */
export const businessListingPostRoutes = [
  implement(listBusinessListingPosts, async ({ params, actor, deps, walls, request }) =>
    success(await listPosts(listingDeps(deps, actor, walls, request), actor, params.connectionId)),
  ),
  implement(createBusinessListingPost, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await createPost(listingDeps(deps, actor, walls, request), actor, {
        connectionId: params.connectionId,
        body,
      }),
    ),
  ),
  implement(updateBusinessListingPost, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await updatePost(listingDeps(deps, actor, walls, request), actor, {
        connectionId: params.connectionId,
        postId: params.postId,
        body,
      }),
    ),
  ),
  implement(deleteBusinessListingPost, async ({ params, actor, deps, walls, request }) => {
    await deletePost(listingDeps(deps, actor, walls, request), actor, params);
  }),
];
