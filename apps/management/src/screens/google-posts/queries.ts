import type { Jsonify } from '@brigade/api-client/client';
import {
  createBusinessListingPost,
  deleteBusinessListingPost,
  type ListingPost,
  listBusinessListingPosts,
  updateBusinessListingPost,
} from '@brigade/contracts/business-listing-posts';
import type { PostBody } from '@brigade/domain/listing/post';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { listingKey, useListingScope } from '../google-business/queries';

export type Post = Jsonify<ListingPost>;

/** The connection's posts published from Brigade, newest first. */
export function usePosts(connectionId: string | undefined) {
  const { restaurantId } = useListingScope();
  return useQuery({
    queryKey: listingKey(restaurantId, 'posts', connectionId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listBusinessListingPosts, {
          params: { connectionId: connectionId ?? '' },
          signal,
        })
      ).data as Post[],
    enabled: Boolean(connectionId),
  });
}

/** Publish, change and delete; each answer goes into the cached list at once. */
export function usePostMutations(connectionId: string) {
  const { restaurantId } = useListingScope();
  const queryClient = useQueryClient();
  const key = listingKey(restaurantId, 'posts', connectionId);
  const put = (post: Post) =>
    queryClient.setQueryData<Post[]>(key, (posts) =>
      posts?.some((one) => one.postId === post.postId)
        ? posts.map((one) => (one.postId === post.postId ? post : one))
        : [post, ...(posts ?? [])],
    );
  return {
    create: useMutation({
      mutationFn: async (body: PostBody) =>
        (await apiClient.call(createBusinessListingPost, { params: { connectionId }, body })).data as Post,
      onSuccess: put,
    }),
    update: useMutation({
      mutationFn: async ({ postId, body }: { postId: string; body: PostBody }) =>
        (await apiClient.call(updateBusinessListingPost, { params: { connectionId, postId }, body }))
          .data as Post,
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: async (postId: string) => {
        await apiClient.call(deleteBusinessListingPost, { params: { connectionId, postId } });
        return postId;
      },
      onSuccess: (postId) =>
        queryClient.setQueryData<Post[]>(key, (posts) => posts?.filter((one) => one.postId !== postId)),
    }),
  };
}
