import { isProblemError } from '@brigade/api-client/problem-error';
import { generateAiReviewResponse, getAiConfig, saveAiConfig } from '@brigade/contracts/business-listing-ai';
import type { AiConfig } from '@brigade/domain/listing/connection';
import type { AiReplyConfig } from '@brigade/domain/platform-sync';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { listingKey, useListingScope } from './queries';

/** The connection's AI config; null while none is stored (the API answers 404: the defaults apply). */
export function useAiConfig(connectionId: string) {
  const { restaurantId } = useListingScope();
  return useQuery({
    queryKey: listingKey(restaurantId, 'ai-config', connectionId),
    queryFn: async ({ signal }) => {
      try {
        return (await apiClient.call(getAiConfig, { params: { connectionId }, signal })).data as AiConfig;
      } catch (error) {
        if (isProblemError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * Saves both halves of the AI reply settings: the connection's AI config (style, templates, ratings,
 * threshold) and the restaurant's reply config (length, business name, the auto-reply switch), which the
 * drafts and the auto-reply job read together (draftSettingsOf).
 */
export function useSaveAiSettings(connectionId: string) {
  const { restaurantId } = useListingScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      ai: AiConfig;
      reply: Pick<AiReplyConfig, 'responseLength' | 'includeBusinessName' | 'autoReply'>;
    }) =>
      (await apiClient.call(saveAiConfig, { body: { connectionId, ...input.ai, reply: input.reply } })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(listingKey(restaurantId, 'ai-config', connectionId), saved);
      return queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId) });
    },
  });
}

/** A reply draft for one review: answered, never posted. */
export function useDraftReply(connectionId: string) {
  return useMutation({
    mutationFn: async (reviewId: string) =>
      (await apiClient.call(generateAiReviewResponse, { body: { connectionId, reviewId } })).data,
  });
}
