import type { BodyInput, ResponseOf } from '@brigade/api-client/client';
import {
  bumpTicket,
  getExpoBoard,
  getKitchenBoard,
  getOrder,
  getOrderingSettings,
  getSalesSummary,
  listKitchenTickets,
  listOrderingAlerts,
  listOrders,
  moveOrder,
  pauseOrdering,
  printKitchenTicket,
  recallTicket,
  refundOrder,
  setItemSoldOut,
  updateOrderingSettings,
} from '@brigade/contracts/ordering';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { type IdempotentAttempts, withIdempotencyKey } from '../../payments-kit/idempotency';
import { useCurrentRestaurant } from '../../restaurant-context';
import { useLiveStreamOpen } from './live-orders';

/*
 * The ordering API for the orders and kitchen screens (contracts: packages/contracts/src/ordering.ts).
 * Query keys: ['restaurant', id, 'ordering', 'orders' | 'order' | 'settings' | 'summary' | 'kitchen', ...].
 * The live screens are pushed changes by the order stream (live-orders.ts) and poll every 3 seconds only
 * while it is down (TanStack pauses interval refetches in a hidden tab); every write refreshes what it changed.
 */

export type Order = ResponseOf<typeof getOrder>['data'];
export type OrderingSettings = ResponseOf<typeof getOrderingSettings>['data'];
export type SalesSummary = ResponseOf<typeof getSalesSummary>['data'];
export type MoveBody = BodyInput<typeof moveOrder>;

export const LIVE_INTERVAL_MS = 3000;
/** Pushed while the live stream is open (live-orders.ts); polled every 3 seconds while it is not. */
const useLive = () => {
  const streamOpen = useLiveStreamOpen();
  return {
    refetchInterval: streamOpen ? false : LIVE_INTERVAL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  } as const;
};

function useOrderingTarget() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return {
    params: { tenantId, restaurantId },
    key: (...rest: unknown[]) => restaurantKey(restaurantId, 'ordering', ...rest),
  };
}

/** The business day's orders, newest first, polled. */
export function useOrders(date?: string, options: { enabled?: boolean } = {}) {
  const { params, key } = useOrderingTarget();
  const live = useLive();
  return useQuery({
    queryKey: key('orders', date ?? 'today'),
    queryFn: async ({ signal }) =>
      apiClient.call(listOrders, { params, query: date ? { date } : {}, signal }),
    ...live,
    enabled: options.enabled ?? true,
  });
}

/** Today's orders still waiting to be accepted (the sidebar's badge on Orders); 0 when not shown. */
export function useWaitingOrderCount(enabled: boolean): number {
  const orders = useOrders(undefined, { enabled });
  return enabled ? (orders.data?.data.filter((order) => order.status === 'new').length ?? 0) : 0;
}

/** The last 24 hours' checkout alerts (a burst of declined cards), polled less often than the orders. */
export function useOrderingAlerts() {
  const { params, key } = useOrderingTarget();
  return useQuery({
    queryKey: key('alerts'),
    queryFn: async ({ signal }) => (await apiClient.call(listOrderingAlerts, { params, signal })).data,
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });
}

export function useOrder(orderId: number) {
  const { params, key } = useOrderingTarget();
  const live = useLive();
  return useQuery({
    queryKey: key('order', orderId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getOrder, { params: { ...params, orderId }, signal })).data,
    ...live,
  });
}

function useRefreshOrdering() {
  const queryClient = useQueryClient();
  const { key } = useOrderingTarget();
  return () => queryClient.invalidateQueries({ queryKey: key() });
}

export function useMoveOrder(orderId: number) {
  const { params } = useOrderingTarget();
  const refresh = useRefreshOrdering();
  return useMutation({
    mutationFn: async (body: MoveBody) =>
      (await apiClient.call(moveOrder, { params: { ...params, orderId }, body })).data,
    onSettled: refresh,
  });
}

/** A refund of part of an order (managers), with its Idempotency-Key per attempt. */
export function useRefundOrder(orderId: number, attempts: IdempotentAttempts) {
  const { params } = useOrderingTarget();
  const refresh = useRefreshOrdering();
  return useMutation({
    mutationFn: async (body: BodyInput<typeof refundOrder>) =>
      (
        await withIdempotencyKey(attempts, body, (headers) =>
          apiClient.call(refundOrder, { params: { ...params, orderId }, body, headers }),
        )
      ).data,
    onSettled: refresh,
  });
}

export function useOrderingSettings() {
  const { params, key } = useOrderingTarget();
  const live = useLive();
  return useQuery({
    queryKey: key('settings'),
    queryFn: async ({ signal }) => (await apiClient.call(getOrderingSettings, { params, signal })).data,
    ...live,
  });
}

/** Pause (minutes > 0), resume (0), sold out, and the settings form's save. */
export function useSettingsWrites() {
  const { params, key } = useOrderingTarget();
  const queryClient = useQueryClient();
  const put = (settings: OrderingSettings) => queryClient.setQueryData(key('settings'), settings);
  return {
    pause: useMutation({
      mutationFn: async (minutes: number) =>
        (await apiClient.call(pauseOrdering, { params, body: { minutes } })).data,
      onSuccess: put,
    }),
    soldOut: useMutation({
      mutationFn: async ({ itemId, soldOut }: { itemId: number; soldOut: boolean }) =>
        (await apiClient.call(setItemSoldOut, { params: { ...params, itemId }, body: { soldOut } })).data,
      onSuccess: put,
      onError: () => queryClient.invalidateQueries({ queryKey: key('settings') }),
    }),
    update: useMutation({
      mutationFn: async (body: BodyInput<typeof updateOrderingSettings>) =>
        (await apiClient.call(updateOrderingSettings, { params, body })).data,
      onSuccess: put,
    }),
  };
}

export function useSalesSummary(date: string | undefined, enabled: boolean) {
  const { params, key } = useOrderingTarget();
  return useQuery({
    queryKey: key('summary', date ?? 'today'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getSalesSummary, { params, query: date ? { date } : {}, signal })).data,
    enabled,
    refetchInterval: 30_000,
  });
}

export function useKitchenBoard(prepStationId: number) {
  const { params, key } = useOrderingTarget();
  const live = useLive();
  return useQuery({
    queryKey: key('kitchen', prepStationId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getKitchenBoard, { params: { ...params, prepStationId }, signal })).data,
    ...live,
  });
}

/** The expo view: every order on the line and where its stations stand (live, like a station's board). */
export function useExpoBoard() {
  const { params, key } = useOrderingTarget();
  const live = useLive();
  return useQuery({
    queryKey: key('kitchen', 'expo'),
    queryFn: async ({ signal }) => (await apiClient.call(getExpoBoard, { params, signal })).data,
    ...live,
  });
}

/** A station's bump of a ticket (the last station's makes the order ready). */
export function useBumpTicket(prepStationId: number) {
  const { params } = useOrderingTarget();
  const refresh = useRefreshOrdering();
  return useMutation({
    mutationFn: async (orderId: number) =>
      (await apiClient.call(bumpTicket, { params: { ...params, prepStationId, orderId } })).data,
    onSettled: refresh,
  });
}

/** Undoes a station's last bump. */
export function useRecallTicket(prepStationId: number) {
  const { params } = useOrderingTarget();
  const refresh = useRefreshOrdering();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.call(recallTicket, { params: { ...params, prepStationId } })).data,
    onSettled: refresh,
  });
}

/** The pass marks an order ready (the expo's Ready): the order moves as from its page. */
export function useMarkReady(orderId: number) {
  const move = useMoveOrder(orderId);
  return useMutation({ mutationFn: () => move.mutateAsync({ status: 'ready' }) });
}

export type PrintedTicket = ResponseOf<typeof listKitchenTickets>['data'][number];

/** The kitchen tickets no printer took (docs/jobs.md#kitchen-tickets): live, like the orders. */
export function useFailedTickets() {
  const { params, key } = useOrderingTarget();
  const live = useLive();
  return useQuery({
    queryKey: key('tickets', 'failed'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listKitchenTickets, { params, query: { status: 'failed' }, signal })).data,
    ...live,
  });
}

/** One order's kitchen tickets (the order page's Reprint): live, like the orders. */
export function useOrderTickets(orderId: number) {
  const { params, key } = useOrderingTarget();
  const live = useLive();
  return useQuery({
    queryKey: key('tickets', 'order', orderId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listKitchenTickets, { params, query: { orderId }, signal })).data,
    ...live,
  });
}

/** Retry (no printer: the station's own), or Print elsewhere (one of the restaurant's printers). */
export function usePrintTicketAgain() {
  const { params } = useOrderingTarget();
  const refresh = useRefreshOrdering();
  return useMutation({
    mutationFn: async ({ ticketId, printerId }: { ticketId: number; printerId?: number }) =>
      (
        await apiClient.call(printKitchenTicket, {
          params: { ...params, ticketId },
          body: printerId ? { printerId } : {},
        })
      ).data,
    onSettled: refresh,
  });
}
