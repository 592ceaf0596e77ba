import type { Jsonify } from '@brigade/api-client/client';
import {
  deleteBusinessListingReviewReply,
  getBusinessListingReviewSummary,
  listBusinessListingReviewReplyHistory,
  listBusinessListingReviews,
  type listingReviewSchema,
  replyToBusinessListingReview,
  type reviewReplyEventSchema,
  type reviewSummarySchema,
  syncBusinessListingReviews,
} from '@brigade/contracts/business-listing-reviews';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../api';
import { listingKey, useListingScope } from './queries';
import type { ReviewFilters } from './review-filters';

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

export type ReviewSummaryData = Jsonify<z.infer<typeof reviewSummarySchema>>;
export const REVIEWS_PAGE_SIZE = 50;

/** The server's query for the inbox's filters (blank ones left out). */
export function reviewQuery(filters: ReviewFilters) {
  const query: Record<string, string> = {};
  for (const key of ['status', 'rating', 'sentiment', 'from', 'to'] as const)
    if (filters[key]) query[key] = filters[key];
  if (filters.search.trim()) query.search = filters.search.trim();
  return query;
}

const reviewsKey = (restaurantId: number, connectionId: string | undefined) =>
  listingKey(restaurantId, 'reviews', connectionId);

/** The filtered reviews in the chosen order, a page of 50 at a time (keyset: each page follows nextCursor). */
export function useReviewPages(connectionId: string | undefined, filters: ReviewFilters) {
  const { restaurantId } = useListingScope();
  const query = { ...reviewQuery(filters), ...(filters.sort ? { sort: filters.sort } : {}) };
  return useInfiniteQuery({
    queryKey: [...reviewsKey(restaurantId, connectionId), 'list', query],
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiClient.call(listBusinessListingReviews, {
        params: { connectionId: connectionId ?? '' },
        query: { ...query, limit: REVIEWS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      });
      return { data: page.data as ListingReview[], nextCursor: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: Boolean(connectionId),
    placeholderData: keepPreviousData,
  });
}

/** Count, average, spread, needs-response count and trend of the filtered reviews (the server's SQL). */
export function useReviewSummary(
  connectionId: string | undefined,
  filters: ReviewFilters,
  trend: 'week' | 'month' | null,
) {
  const { restaurantId } = useListingScope();
  const query = { ...reviewQuery(filters), ...(trend ? { trend } : {}) };
  return useQuery({
    queryKey: [...reviewsKey(restaurantId, connectionId), 'summary', query],
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(getBusinessListingReviewSummary, {
          params: { connectionId: connectionId ?? '' },
          query,
          signal,
        })
      ).data as ReviewSummaryData,
    enabled: Boolean(connectionId),
    placeholderData: keepPreviousData,
  });
}

/** One review (a thread opened from the list or from an address), from the list's pages while they have it. */
export function useReview(connectionId: string | undefined, reviewId: string | undefined) {
  const { restaurantId } = useListingScope();
  const queryClient = useQueryClient();
  const key = [...reviewsKey(restaurantId, connectionId), 'one', reviewId];
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      ((
        await apiClient.call(listBusinessListingReviews, {
          params: { connectionId: connectionId ?? '' },
          query: { reviewId: reviewId ?? '', limit: 1 },
          signal,
        })
      ).data[0] ?? null) as ListingReview | null,
    initialData: () => cachedReview(queryClient, reviewsKey(restaurantId, connectionId), reviewId),
    enabled: Boolean(connectionId && reviewId),
  });
}

type Pages = InfiniteData<{ data: ListingReview[]; nextCursor: string | null }>;

function cachedReview(queryClient: QueryClient, key: readonly unknown[], reviewId: string | undefined) {
  for (const [, pages] of queryClient.getQueriesData<Pages>({ queryKey: [...key, 'list'] }))
    for (const page of pages?.pages ?? []) {
      const found = page.data.find((one) => one.reviewId === reviewId);
      if (found) return found;
    }
  return undefined;
}

/** Post (create or replace) and delete a reply; the answer is the review, put into the cached list at once. */
export function useReplyMutations(connectionId: string) {
  const { restaurantId, tenantGuid, restaurantGuid } = useListingScope();
  const queryClient = useQueryClient();
  const key = reviewsKey(restaurantId, connectionId);
  /** The answer goes into the thread and the loaded pages at once; lists and figures are then read again. */
  const store = (review: ListingReview) => {
    queryClient.setQueryData([...key, 'one', review.reviewId], review);
    queryClient.setQueriesData<Pages>({ queryKey: [...key, 'list'] }, (pages) =>
      pages
        ? {
            ...pages,
            pages: pages.pages.map((page) => ({
              ...page,
              data: page.data.map((one) => (one.reviewId === review.reviewId ? review : one)),
            })),
          }
        : pages,
    );
    void queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...key, 'summary'] });
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
