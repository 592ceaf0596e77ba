import { ProblemError } from '@brigade/api-client/problem-error';
import {
  bumpKitchenDisplayTicket,
  getKitchenDisplay,
  getKitchenDisplayBoard,
  getKitchenDisplayExpo,
  markKitchenDisplayReady,
  recallKitchenDisplayTicket,
} from '@brigade/contracts/kitchen-display';
import {
  DEVICE_HEADER,
  DEVICE_REVOKED_MESSAGE,
  DEVICE_TOKEN_MESSAGE,
  NOT_A_KITCHEN_DISPLAY_MESSAGE,
} from '@brigade/domain/pos/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api';

export const deviceHeaders = (token: string) => ({ [DEVICE_HEADER]: token });

/** The server no longer takes this display's token (never paired, unpaired by a manager, or not a display). */
export function isDeviceRefusal(error: unknown): boolean {
  if (!(error instanceof ProblemError) || ![400, 401, 403].includes(error.status)) return false;
  const messages = [error.detail, ...error.errors.map((e) => e.message)];
  return messages.some(
    (m) => m === DEVICE_TOKEN_MESSAGE || m === DEVICE_REVOKED_MESSAGE || m === NOT_A_KITCHEN_DISPLAY_MESSAGE,
  );
}

const ROOT = ['kitchen-display'] as const;

/**
 * How often the boards are read again: rarely while the live stream is open (a safety net), every 3 seconds
 * while it is down, as the back office's kitchen pages do.
 */
const every = (live: boolean) => ({ refetchInterval: live ? 30_000 : 3_000 });

/** The display's name, its restaurant and the prep stations; read again every minute. */
export function useDisplay(token: string) {
  return useQuery({
    queryKey: [...ROOT, 'display'],
    queryFn: ({ signal }) =>
      apiClient.call(getKitchenDisplay, { headers: deviceHeaders(token), signal }).then((a) => a.data),
    refetchInterval: 60_000,
  });
}

export function useStationBoard(token: string, live: boolean, prepStationId: number) {
  return useQuery({
    queryKey: [...ROOT, 'station', prepStationId],
    queryFn: ({ signal }) =>
      apiClient
        .call(getKitchenDisplayBoard, { params: { prepStationId }, headers: deviceHeaders(token), signal })
        .then((a) => a.data),
    ...every(live),
  });
}

export function useExpoBoard(token: string, live: boolean) {
  return useQuery({
    queryKey: [...ROOT, 'expo'],
    queryFn: ({ signal }) =>
      apiClient.call(getKitchenDisplayExpo, { headers: deviceHeaders(token), signal }).then((a) => a.data),
    ...every(live),
  });
}

/** After a tap the boards are read again (the stream says so too; this does not wait for it). */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...ROOT] });
}

export function useBump(token: string, prepStationId: number) {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: (orderId: number) =>
      apiClient
        .call(bumpKitchenDisplayTicket, {
          params: { prepStationId, orderId },
          headers: deviceHeaders(token),
        })
        .then((a) => a.data),
    onSettled,
  });
}

export function useRecall(token: string, prepStationId: number) {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiClient
        .call(recallKitchenDisplayTicket, { params: { prepStationId }, headers: deviceHeaders(token) })
        .then((a) => a.data),
    onSettled,
  });
}

export function useReady(token: string, orderId: number) {
  const onSettled = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiClient
        .call(markKitchenDisplayReady, { params: { orderId }, headers: deviceHeaders(token) })
        .then((a) => a.data),
    onSettled,
  });
}
