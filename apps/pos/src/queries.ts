import type { Jsonify } from '@brigade/api-client/client';
import { ProblemError } from '@brigade/api-client/problem-error';
import {
  addPosSaleTip,
  cancelPosTerminal,
  getRegister,
  listPosOrders,
  pairPosDevice,
  placePosCardOrder,
  placePosOrder,
  syncPosOrders,
  voidPosOrder,
} from '@brigade/contracts/pos';
import {
  DEVICE_HEADER,
  DEVICE_REVOKED_MESSAGE,
  DEVICE_TOKEN_MESSAGE,
  type PairDeviceInput,
  type PlacePosOrderInput,
  type PosOrder,
  type Register,
} from '@brigade/domain/pos/api';
import type { SyncSalesInput } from '@brigade/domain/pos/sync';
import type { PlacePosCardOrderInput } from '@brigade/domain/pos/terminal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api';
import { tracked } from './network';

/** The organisation and restaurant the register sells for (the selection). */
export interface Scope {
  tenantId: number;
  restaurantId: number;
}

export type RegisterData = Jsonify<Register>;
export type Sale = Jsonify<PosOrder>;
export type Menu = RegisterData['menus'][number];
export type Item = Menu['items'][number];

const params = (scope: Scope) => ({ tenantId: scope.tenantId, restaurantId: scope.restaurantId });
const deviceHeaders = (token: string) => ({ [DEVICE_HEADER]: token });

/** The server no longer knows this device (never paired, token lost, or unpaired by a manager). */
export function isDeviceRefusal(error: unknown): boolean {
  if (!(error instanceof ProblemError) || ![400, 401, 403].includes(error.status)) return false;
  if (error.code === 'DEVICE_NOT_PAIRED' || error.code === 'DEVICE_UNPAIRED') return true;
  const messages = [error.detail, ...error.errors.map((e) => e.message)];
  return messages.some((m) => m === DEVICE_TOKEN_MESSAGE || m === DEVICE_REVOKED_MESSAGE);
}

export const registerKey = (scope: Scope, token: string) =>
  ['pos', scope.tenantId, scope.restaurantId, 'register', token] as const;
export const salesKey = (scope: Scope) => ['pos', scope.tenantId, scope.restaurantId, 'sales'] as const;

/** What the register sells; refreshed every 30 s while offline is not suspected, every 5 s while it is. */
export function useRegister(scope: Scope, token: string, offline: boolean) {
  return useQuery({
    queryKey: registerKey(scope, token),
    queryFn: ({ signal }) =>
      tracked(() =>
        apiClient.call(getRegister, { params: params(scope), headers: deviceHeaders(token), signal }),
      ).then((answer) => answer.data),
    staleTime: 30_000,
    refetchInterval: offline ? 5_000 : 60_000,
    refetchOnWindowFocus: 'always',
  });
}

/** Today's register sales of the restaurant, newest first. */
export function useSales(scope: Scope, token: string) {
  return useQuery({
    queryKey: salesKey(scope),
    queryFn: ({ signal }) =>
      tracked(() =>
        apiClient.call(listPosOrders, { params: params(scope), headers: deviceHeaders(token), signal }),
      ).then((answer) => answer.data),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export interface PrinterOption {
  printerId: number;
  name: string;
}

/** The restaurant's printers, to choose the one receipts print on. */
export function usePrinters(scope: Scope, enabled: boolean) {
  return useQuery({
    queryKey: ['pos', scope.tenantId, scope.restaurantId, 'printers'],
    queryFn: async ({ signal }) => {
      // the catalogue's contracts are only needed here, once, when a device is paired: their own chunk
      const [{ CATALOGUE_ENDPOINTS_BY_KIND }, { PRINTER_KIND }] = await Promise.all([
        import('@brigade/contracts/catalogue'),
        import('@brigade/domain/catalogue/kinds'),
      ]);
      const list = CATALOGUE_ENDPOINTS_BY_KIND.get(PRINTER_KIND)!.list;
      const answer = await tracked(() =>
        apiClient.call(list, { params: params(scope), query: {}, body: undefined, signal } as never),
      );
      return (answer as { data: PrinterOption[] }).data.map((p) => ({
        printerId: p.printerId,
        name: p.name,
      }));
    },
    enabled,
  });
}

/** Pairs this device: the answer's token is shown once, and kept by the device. */
export function usePairDevice(scope: Scope) {
  return useMutation({
    mutationFn: (body: PairDeviceInput) =>
      tracked(() => apiClient.call(pairPosDevice, { params: params(scope), body })).then(
        (answer) => answer.data,
      ),
  });
}

/** Rings up a sale; the key makes a retry of the same sale count once. */
export function placeSale(scope: Scope, token: string, body: PlacePosOrderInput, idempotencyKey: string) {
  return tracked(() =>
    apiClient.call(placePosOrder, {
      params: params(scope),
      body,
      headers: { ...deviceHeaders(token), 'Idempotency-Key': idempotencyKey },
    }),
  ).then((answer) => answer.data);
}

/**
 * Sends a batch of sales made offline (decision 073): for each sale tried, null when it is recorded or the
 * refusal the single call would have answered.
 */
export function syncSales(scope: Scope, token: string, sales: SyncSalesInput['sales']) {
  return tracked(() =>
    apiClient.call(syncPosOrders, { params: params(scope), body: { sales }, headers: deviceHeaders(token) }),
  ).then((answer) =>
    answer.data.results.map((result) =>
      result.status === 201 ? null : new ProblemError(result.status, result.problem),
    ),
  );
}

/** Rings up a sale paid by card: the server runs it on the register's terminal and answers when it is done. */
export function placeCardSale(
  scope: Scope,
  token: string,
  body: PlacePosCardOrderInput,
  idempotencyKey: string,
) {
  return tracked(() =>
    apiClient.call(placePosCardOrder, {
      params: params(scope),
      body,
      headers: { ...deviceHeaders(token), 'Idempotency-Key': idempotencyKey },
    }),
  ).then((answer) => answer.data);
}

/** Cancels what the register's terminal is waiting for (the card sale then answers "cancelled"). */
export function cancelTerminal(scope: Scope, token: string) {
  return tracked(() =>
    apiClient.call(cancelPosTerminal, { params: params(scope), headers: deviceHeaders(token) }),
  ).then((answer) => answer.data);
}

/**
 * Voids a register sale with a reason (managers): the answer is the sale, cancelled, with the cash handed
 * back as a refund tender. The list shows it at once and is read again; so is the drawer it came out of.
 */
export function useVoidSale(scope: Scope, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: number; reason: string }) =>
      tracked(() =>
        apiClient.call(voidPosOrder, {
          params: { ...params(scope), orderId: input.orderId },
          headers: deviceHeaders(token),
          body: { reason: input.reason },
        }),
      ).then((answer) => answer.data),
    onSuccess: (voided) => {
      queryClient.setQueryData<Sale[]>(salesKey(scope), (sales) =>
        sales?.map((sale) => (sale.orderId === voided.orderId ? voided : sale)),
      );
      void queryClient.invalidateQueries({ queryKey: salesKey(scope) });
      void queryClient.invalidateQueries({
        queryKey: ['pos', scope.tenantId, scope.restaurantId, 'drawer'],
      });
    },
  });
}

/**
 * Adds the tip written on a signed receipt to the sale's card (docs/behaviour/pos.md#tips-on-the-receipt):
 * the server captures the card with it. The key makes a retry of the same tip count once. The answer is the
 * sale with its tip; the list shows it at once and is read again.
 */
export function useAddTip(scope: Scope, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: number; tenderId: number; tip: number; key: string }) =>
      tracked(() =>
        apiClient.call(addPosSaleTip, {
          params: { ...params(scope), orderId: input.orderId },
          headers: { ...deviceHeaders(token), 'Idempotency-Key': input.key },
          body: { tenderId: input.tenderId, tip: input.tip },
        }),
      ).then((answer) => answer.data),
    onSuccess: (tipped) => {
      queryClient.setQueryData<Sale[]>(salesKey(scope), (sales) =>
        sales?.map((sale) => (sale.orderId === tipped.orderId ? tipped : sale)),
      );
      void queryClient.invalidateQueries({ queryKey: salesKey(scope) });
    },
  });
}
