import type { Jsonify } from '@brigade/api-client/client';
import {
  addCashMovement,
  closeDrawer,
  emailPosReceipt,
  getDrawer,
  openDrawer,
  reprintPosReceipt,
} from '@brigade/contracts/pos';
import { DEVICE_HEADER, type DrawerSession } from '@brigade/domain/pos/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api';
import { tracked } from './network';
import type { Scope } from './queries';

/** A cash drawer session as the register reads it (docs/behaviour/pos.md#cash-drawer-sessions). */
export type Session = Jsonify<DrawerSession>;
export type MovementKind = 'pay_in' | 'pay_out';

const params = (scope: Scope) => ({ tenantId: scope.tenantId, restaurantId: scope.restaurantId });
const headers = (token: string) => ({ [DEVICE_HEADER]: token });

export const drawerKey = (scope: Scope, token: string) =>
  ['pos', scope.tenantId, scope.restaurantId, 'drawer', token] as const;

/** This register's open drawer session, blind (no expected amount), or null. */
export function useDrawer(scope: Scope, token: string, enabled = true) {
  return useQuery({
    queryKey: drawerKey(scope, token),
    queryFn: ({ signal }) =>
      tracked(() =>
        apiClient.call(getDrawer, { params: params(scope), headers: headers(token), signal }),
      ).then((answer) => answer.data.session),
    staleTime: 30_000,
    enabled,
  });
}

/** Open, pay in or out, and close this register's drawer; each answer is the session as it now is. */
export function useDrawerActions(scope: Scope, token: string) {
  const queryClient = useQueryClient();
  const key = drawerKey(scope, token);
  const settle = (session: Session | null) => queryClient.setQueryData(key, session);
  const open = useMutation({
    mutationFn: (openingFloat: number) =>
      tracked(() =>
        apiClient.call(openDrawer, {
          params: params(scope),
          headers: headers(token),
          body: { openingFloat },
        }),
      ).then((answer) => answer.data),
    onSuccess: settle,
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const move = useMutation({
    mutationFn: (body: { kind: MovementKind; amount: number; reason: string }) =>
      tracked(() =>
        apiClient.call(addCashMovement, { params: params(scope), headers: headers(token), body }),
      ).then((answer) => answer.data),
    onSuccess: settle,
  });
  const close = useMutation({
    mutationFn: (body: { counted: number; note?: string }) =>
      tracked(() =>
        apiClient.call(closeDrawer, { params: params(scope), headers: headers(token), body }),
      ).then((answer) => answer.data),
    // the register has no open session once closed; the closed one is shown from the mutation's answer
    onSuccess: () => settle(null),
  });
  return { open, move, close };
}

/** Prints a register sale's receipt again on this register's printer. */
/** Emails a sale's receipt to the guest (at most three times a sale). */
export function emailReceipt(scope: Scope, token: string, orderId: number, email: string) {
  return tracked(() =>
    apiClient.call(emailPosReceipt, {
      params: { ...params(scope), orderId },
      headers: headers(token),
      body: { email },
    }),
  ).then((answer) => answer.data);
}

export function reprintReceipt(scope: Scope, token: string, orderId: number) {
  return tracked(() =>
    apiClient.call(reprintPosReceipt, { params: { ...params(scope), orderId }, headers: headers(token) }),
  ).then((answer) => answer.data);
}
