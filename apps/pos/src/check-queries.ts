import type { Jsonify } from '@brigade/api-client/client';
import { getCardEntry } from '@brigade/contracts/payments';
import {
  discountPosCheck,
  mergePosChecks,
  movePosCheckLines,
  splitPosCheck,
  transferPosCheck,
} from '@brigade/contracts/pos-check-splits';
import {
  addPosCheckLines,
  closePosCheck,
  discountPosCheckLine,
  fireNextPosCourse,
  getPosCheck,
  getPosFloor,
  handBackPosCheckPayments,
  listPosChecks,
  movePosCheck,
  openPosCheck,
  payPosCheck,
  payPosCheckByCard,
  payPosCheckKeyed,
  removePosCheckLine,
  sendPosCheck,
  voidPosCheckLine,
} from '@brigade/contracts/pos-checks';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type {
  Check,
  CheckLineInput,
  OpenCheckInput,
  PayCheckCardInput,
  PayCheckInput,
  PayCheckKeyedInput,
} from '@brigade/domain/pos/checks';
import type { Floor } from '@brigade/domain/pos/floor';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api';
import { tracked } from './network';
import type { Scope } from './queries';

/**
 * Open checks and the floor plan on the register (docs/behaviour/pos.md#open-checks). The server's check
 * is the truth: every change sends the version the register shows and answers the new check; a 409 means
 * another register changed it first, and the register reads it again.
 */

export type OpenCheck = Jsonify<Check>;
export type FloorData = Jsonify<Floor>;
export interface Discount {
  kind: 'amount' | 'percent';
  value: number;
  reason: string;
}
/** How a check splits (decision 056): by seat, the lines named to a new check, or evenly in parts. */
export type Split = { by: 'seat' } | { by: 'item'; lineIds: number[] } | { by: 'even'; parts: number };
/** A manager's passcode typed for a void or discount above the limit; absent: none typed. */
const approval = (passcode?: string) => (passcode ? { managerPasscode: passcode } : {});

const params = (scope: Scope) => ({ tenantId: scope.tenantId, restaurantId: scope.restaurantId });
const headers = (token: string) => ({ [DEVICE_HEADER]: token });
export const checksKey = (scope: Scope) => ['pos', scope.tenantId, scope.restaurantId, 'checks'] as const;
export const checkKey = (scope: Scope, orderId: number) => [...checksKey(scope), orderId] as const;
export const floorKey = (scope: Scope) => ['pos', scope.tenantId, scope.restaurantId, 'floor'] as const;

/** The floor and its tables' states; read again every 15 s (another register seats and pays tables). */
export function useFloor(scope: Scope, token: string) {
  return useQuery({
    queryKey: floorKey(scope),
    queryFn: ({ signal }) =>
      tracked(() =>
        apiClient.call(getPosFloor, { params: params(scope), headers: headers(token), signal }),
      ).then((answer) => answer.data),
    refetchInterval: 15_000,
    refetchOnMount: 'always',
  });
}

export function useOpenChecks(scope: Scope, token: string) {
  return useQuery({
    queryKey: checksKey(scope),
    queryFn: ({ signal }) =>
      tracked(() =>
        apiClient.call(listPosChecks, { params: params(scope), headers: headers(token), signal }),
      ).then((answer) => answer.data),
    refetchInterval: 15_000,
    refetchOnMount: 'always',
  });
}

export function useCheck(scope: Scope, token: string, orderId: number) {
  return useQuery({
    queryKey: checkKey(scope, orderId),
    queryFn: ({ signal }) =>
      tracked(() =>
        apiClient.call(getPosCheck, {
          params: { ...params(scope), orderId },
          headers: headers(token),
          signal,
        }),
      ).then((answer) => answer.data),
    refetchInterval: 15_000,
    refetchOnMount: 'always',
  });
}

export function openCheck(scope: Scope, token: string, body: OpenCheckInput, key: string) {
  return tracked(() =>
    apiClient.call(openPosCheck, {
      params: params(scope),
      body,
      headers: { ...headers(token), 'Idempotency-Key': key },
    }),
  ).then((answer) => answer.data);
}

/** The changes a register makes to a check, each naming the version it shows. */
export const checkCalls = {
  add: (scope: Scope, token: string, check: OpenCheck, lines: CheckLineInput[]) =>
    tracked(() =>
      apiClient.call(addPosCheckLines, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version, lines },
      }),
    ).then((answer) => answer.data),
  remove: (scope: Scope, token: string, check: OpenCheck, lineId: number) =>
    tracked(() =>
      apiClient.call(removePosCheckLine, {
        params: { ...params(scope), orderId: check.orderId, lineId },
        headers: headers(token),
        body: { version: check.version },
      }),
    ).then((answer) => answer.data),
  void: (scope: Scope, token: string, check: OpenCheck, lineId: number, reason: string, passcode?: string) =>
    tracked(() =>
      apiClient.call(voidPosCheckLine, {
        params: { ...params(scope), orderId: check.orderId, lineId },
        headers: headers(token),
        body: { version: check.version, reason, ...approval(passcode) },
      }),
    ).then((answer) => answer.data),
  discount: (
    scope: Scope,
    token: string,
    check: OpenCheck,
    lineId: number,
    discount: Discount,
    passcode?: string,
  ) =>
    tracked(() =>
      apiClient.call(discountPosCheckLine, {
        params: { ...params(scope), orderId: check.orderId, lineId },
        headers: headers(token),
        body: { version: check.version, ...discount, ...approval(passcode) },
      }),
    ).then((answer) => answer.data),
  discountCheck: (scope: Scope, token: string, check: OpenCheck, discount: Discount, passcode?: string) =>
    tracked(() =>
      apiClient.call(discountPosCheck, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version, ...discount, ...approval(passcode) },
      }),
    ).then((answer) => answer.data),
  split: (scope: Scope, token: string, check: OpenCheck, split: Split) =>
    tracked(() =>
      apiClient.call(splitPosCheck, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version, ...split },
      }),
    ).then((answer) => answer.data.checks[0]!),
  merge: (scope: Scope, token: string, check: OpenCheck, from: OpenCheck) =>
    tracked(() =>
      apiClient.call(mergePosChecks, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version, from: { orderId: from.orderId, version: from.version } },
      }),
    ).then((answer) => answer.data),
  moveLines: (scope: Scope, token: string, check: OpenCheck, lineIds: number[], to: OpenCheck) =>
    tracked(() =>
      apiClient.call(movePosCheckLines, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version, lineIds, to: { orderId: to.orderId, version: to.version } },
      }),
    ).then((answer) => answer.data.checks[0]!),
  transfer: (scope: Scope, token: string, check: OpenCheck, employeeId: number) =>
    tracked(() =>
      apiClient.call(transferPosCheck, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version, employeeId },
      }),
    ).then((answer) => answer.data),
  handBack: (scope: Scope, token: string, check: OpenCheck) =>
    tracked(() =>
      apiClient.call(handBackPosCheckPayments, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version },
      }),
    ).then((answer) => answer.data),
  close: (scope: Scope, token: string, check: OpenCheck) =>
    tracked(() =>
      apiClient.call(closePosCheck, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version },
      }),
    ).then((answer) => answer.data),
  move: (scope: Scope, token: string, check: OpenCheck, tableId: number | null) =>
    tracked(() =>
      apiClient.call(movePosCheck, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version, tableId },
      }),
    ).then((answer) => answer.data),
  send: (scope: Scope, token: string, check: OpenCheck) =>
    tracked(() =>
      apiClient.call(sendPosCheck, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version },
      }),
    ).then((answer) => answer.data),
  fireNext: (scope: Scope, token: string, check: OpenCheck) =>
    tracked(() =>
      apiClient.call(fireNextPosCourse, {
        params: { ...params(scope), orderId: check.orderId },
        headers: headers(token),
        body: { version: check.version },
      }),
    ).then((answer) => answer.data),
};

export function payCheck(scope: Scope, token: string, orderId: number, body: PayCheckInput, key: string) {
  return tracked(() =>
    apiClient.call(payPosCheck, {
      params: { ...params(scope), orderId },
      body,
      headers: { ...headers(token), 'Idempotency-Key': key },
    }),
  ).then((answer) => answer.data);
}

/** Pays a check's balance with a card keyed into the hosted card-entry frame (its token). */
export function payCheckKeyed(
  scope: Scope,
  token: string,
  orderId: number,
  body: PayCheckKeyedInput,
  key: string,
) {
  return tracked(() =>
    apiClient.call(payPosCheckKeyed, {
      params: { ...params(scope), orderId },
      body,
      headers: { ...headers(token), 'Idempotency-Key': key },
    }),
  ).then((answer) => answer.data);
}

/** Where the hosted card-entry frame loads from (the gateway's own page), read afresh for each dialog. */
export function useCardEntry(scope: Scope) {
  return useQuery({
    queryKey: ['pos', scope.tenantId, scope.restaurantId, 'card-entry'],
    queryFn: async ({ signal }) =>
      (await apiClient.call(getCardEntry, { params: params(scope), signal })).data,
    staleTime: 0,
  });
}

/** Pays a check by card on this register's terminal; answers when the terminal is done. */
export function payCheckByCard(
  scope: Scope,
  token: string,
  orderId: number,
  body: PayCheckCardInput,
  key: string,
) {
  return tracked(() =>
    apiClient.call(payPosCheckByCard, {
      params: { ...params(scope), orderId },
      body,
      headers: { ...headers(token), 'Idempotency-Key': key },
    }),
  ).then((answer) => answer.data);
}
