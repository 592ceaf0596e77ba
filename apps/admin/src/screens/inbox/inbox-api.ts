import type { Jsonify } from '@brigade/api-client/client';
import { listAdminMessages, markAdminMessageRead } from '@brigade/contracts/admin-messages';
import type { AdminMessage } from '@brigade/domain/admin-messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';

/* The site administrators' inbox (docs/behaviour/onboarding.md): sign-ups, help messages, restaurant requests. */

export type MessageRow = Jsonify<AdminMessage>;

const keys = { all: ['admin', 'messages'] as const };

export function useAdminMessages(unread: boolean) {
  return useQuery({
    queryKey: [...keys.all, unread],
    queryFn: async ({ signal }) =>
      (await apiClient.call(listAdminMessages, { query: unread ? { unread: 'true' } : {}, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: MessageRow) =>
      (await apiClient.call(markAdminMessageRead, { params: { messageId: message.messageId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
