import type { Jsonify } from '@brigade/api-client/client';
import {
  deleteBusinessListingReviewReply,
  listBusinessListingReviewReplyHistory,
  listBusinessListingReviews,
  type listingReviewSchema,
  replyToBusinessListingReview,
  type reviewReplyEventSchema,
  syncBusinessListingReviews,
} from '@brigade/contracts/business-listing-reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../api';
import { listingKey, useListingScope } from './queries';

export type ListingReview = Jsonify<z.infer<typeof listingReviewSchema>>;
export type ReplyEvent = Jsonify<z.infer<typeof reviewReplyEventSchema>>;

/** A review's reply history, newest first (posted, edited, deleted, changed on Google). */
export function useReplyHistory(connectionId: string, reviewId: string) {
  const { restaurantId } = useListingScope();
  return useQuery({
    queryKey: listingKey(restaurantId, 'reviews', connectionId, 'history', reviewId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listBusinessListingReviewReplyHistory, {
          params: { connectionId, reviewId },
          signal,
        })
      ).data as ReplyEvent[],
  });
}

/** Every stored review of the connection (the API's maximum page: 500), newest first. */
export function useReviews(connectionId: string | undefined) {
  const { restaurantId } = useListingScope();
  return useQuery({
    queryKey: listingKey(restaurantId, 'reviews', connectionId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listBusinessListingReviews, {
          params: { connectionId: connectionId ?? '' },
          query: { limit: 500 },
          signal,
        })
      ).data as ListingReview[],
    enabled: Boolean(connectionId),
  });
}

/** Post (create or replace) and delete a reply; the answer is the review, put into the cached list at once. */
export function useReplyMutations(connectionId: string) {
  const { restaurantId, tenantGuid, restaurantGuid } = useListingScope();
  const queryClient = useQueryClient();
  const key = listingKey(restaurantId, 'reviews', connectionId);
  const store = (review: ListingReview) => {
    queryClient.setQueryData<ListingReview[]>(key, (reviews) =>
      reviews?.map((one) => (one.reviewId === review.reviewId ? review : one)),
    );
    void queryClient.invalidateQueries({ queryKey: [...key, 'history', review.reviewId] });
  };
  const scope = { tenantId: tenantGuid, restaurantId: restaurantGuid };
  return {
    post: useMutation({
      mutationFn: async (body: { reviewId: string; response: string; isAiGenerated: boolean }) =>
        (await apiClient.call(replyToBusinessListingReview, { body: { ...body, ...scope } }))
          .data as ListingReview,
      onSuccess: store,
    }),
    remove: useMutation({
      mutationFn: async (reviewId: string) =>
        (await apiClient.call(deleteBusinessListingReviewReply, { query: { reviewId, ...scope } }))
          .data as ListingReview,
      onSuccess: store,
    }),
    sync: useMutation({
      mutationFn: async () =>
        (await apiClient.call(syncBusinessListingReviews, { params: { connectionId } })).data,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    }),
  };
}
