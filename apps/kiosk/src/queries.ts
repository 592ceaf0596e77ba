import type { Jsonify } from '@brigade/api-client/client';
import { ProblemError } from '@brigade/api-client/problem-error';
import {
  cancelKioskTerminal,
  emailKioskReceipt,
  getKioskMenu,
  placeKioskOrder,
  printKioskReceipt,
} from '@brigade/contracts/kiosk';
import { pairPosDevice } from '@brigade/contracts/pos';
import {
  DEVICE_HEADER,
  DEVICE_REVOKED_MESSAGE,
  DEVICE_TOKEN_MESSAGE,
  NOT_A_KIOSK_MESSAGE,
  type PairDeviceInput,
} from '@brigade/domain/pos/api';
import type { KioskMenu, KioskOrder, PlaceKioskOrderInput } from '@brigade/domain/pos/kiosk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from './api';

export type MenuData = Jsonify<KioskMenu>;
export type Menu = MenuData['menus'][number];
export type Item = Menu['items'][number];
export type PlacedOrder = Jsonify<KioskOrder>;

const deviceHeaders = (token: string) => ({ [DEVICE_HEADER]: token });

/** The server no longer takes this kiosk's token (never paired, unpaired by a manager, or not a kiosk). */
export function isDeviceRefusal(error: unknown): boolean {
  if (!(error instanceof ProblemError) || ![400, 401, 403].includes(error.status)) return false;
  const messages = [error.detail, ...error.errors.map((e) => e.message)];
  return messages.some(
    (m) => m === DEVICE_TOKEN_MESSAGE || m === DEVICE_REVOKED_MESSAGE || m === NOT_A_KIOSK_MESSAGE,
  );
}

/** The kiosk menu; read again every minute (a menu's hours, the 86 list). */
export function useKioskMenu(token: string) {
  return useQuery({
    queryKey: ['kiosk', 'menu', token],
    queryFn: ({ signal }) =>
      apiClient.call(getKioskMenu, { headers: deviceHeaders(token), signal }).then((answer) => answer.data),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** Places the order; the key is the cart's, so sending it again after a lost answer makes no second order. */
export function usePlaceOrder(token: string) {
  return useMutation({
    mutationFn: ({ key, order }: { key: string; order: PlaceKioskOrderInput }) =>
      apiClient
        .call(placeKioskOrder, {
          body: order as never,
          headers: { ...deviceHeaders(token), 'idempotency-key': key },
        })
        .then((answer) => answer.data),
  });
}

/** Stops what the kiosk's terminal waits for (the guest changed their mind). */
export function useCancelTerminal(token: string) {
  return useMutation({
    mutationFn: () =>
      apiClient.call(cancelKioskTerminal, { headers: deviceHeaders(token) }).then((answer) => answer.data),
  });
}

/** The guest's receipt after paying by card: printed on the kiosk's printer, or emailed. */
export function useKioskReceipt(token: string, orderId: number) {
  const params = { orderId };
  return useMutation<{ printed: true } | { emailedTo: string }, Error, { print: true } | { email: string }>({
    mutationFn: (how) =>
      'print' in how
        ? apiClient
            .call(printKioskReceipt, { params, headers: deviceHeaders(token) })
            .then(() => ({ printed: true as const }))
        : apiClient
            .call(emailKioskReceipt, { params, headers: deviceHeaders(token), body: { email: how.email } })
            .then((answer) => ({ emailedTo: answer.data.to })),
  });
}

export interface Scope {
  tenantId: number;
  restaurantId: number;
}

/** The restaurant's printers, for the manager to choose the kiosk's receipt printer while setting it up. */
export function usePrinters(scope: Scope) {
  return useQuery({
    queryKey: ['kiosk', scope.tenantId, scope.restaurantId, 'printers'],
    queryFn: async ({ signal }) => {
      // the catalogue's contracts are only needed here, once, at setup: their own chunk
      const { CATALOGUE_ENDPOINTS_BY_KIND } = await import('@brigade/contracts/catalogue');
      const { PRINTER_KIND } = await import('@brigade/domain/catalogue/kinds');
      const list = CATALOGUE_ENDPOINTS_BY_KIND.get(PRINTER_KIND)!.list;
      const answer = await apiClient.call(list, {
        params: scope,
        query: {},
        body: undefined,
        signal,
      } as never);
      return (answer as { data: { printerId: number; name: string }[] }).data.map((p) => ({
        printerId: p.printerId,
        name: p.name,
      }));
    },
  });
}

/** A manager pairs this device as a kiosk (setup only; the session is signed out after). */
export function usePairKiosk(scope: Scope) {
  return useMutation({
    mutationFn: (body: PairDeviceInput) =>
      apiClient.call(pairPosDevice, { params: scope, body: { ...body, mode: 'kiosk' } }).then((a) => a.data),
  });
}
