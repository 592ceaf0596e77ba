import type { BodyInput, ResponseOf } from '@brigade/api-client/client';
import {
  authorisePayment,
  capturePayment,
  getCardEntry,
  getFunding,
  getMerchantAccount,
  getSettlement,
  getTransaction,
  listFunding,
  listTransactions,
  refreshTransaction,
  refundPayment,
  saveMerchantAccount,
  testMerchantAccount,
  voidPayment,
  voidPaymentByOrder,
} from '@brigade/contracts/payments';
import type { CardBrand, PaymentStatus } from '@brigade/domain/payments/api';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api';
import { restaurantKey } from '../components/query-keys';
import { useCan, useCurrentRestaurant } from '../restaurant-context';
import { type IdempotentAttempts, withIdempotencyKey } from './idempotency';

/*
 * The payments API for the payments screens (contracts: packages/contracts/src/payments.ts). Query keys:
 *   ['restaurant', id, 'payments', 'merchant-account' | 'card-entry']
 *   ['restaurant', id, 'payments', 'transactions', 'list', filters]   pages of the list
 *   ['restaurant', id, 'payments', 'transactions', 'one', id]         a transaction with history
 *   ['restaurant', id, 'payments', 'settlement' | 'funding' | 'funding-range', ...]
 * Every money-moving write sends an Idempotency-Key (idempotency.ts) and refreshes the transactions.
 */

export type Transaction = ResponseOf<typeof getTransaction>['data']['transaction'];
export type TransactionEvent = ResponseOf<typeof getTransaction>['data']['events'][number];
export type TransactionDetail = ResponseOf<typeof getTransaction>['data'];
export type MerchantAccount = NonNullable<ResponseOf<typeof getMerchantAccount>['data']>;
export type MerchantTest = ResponseOf<typeof testMerchantAccount>['data'];
export type SettlementBatch = ResponseOf<typeof getSettlement>['data']['batches'][number];
export type FundingDay = NonNullable<ResponseOf<typeof getFunding>['data']>;
export type AuthoriseBody = BodyInput<typeof authorisePayment>;

/** The list's filters, as the API takes them (amounts in minor units, days as YYYY-MM-DD). */
export interface TransactionFilters {
  from?: string;
  to?: string;
  status?: PaymentStatus;
  cardBrand?: CardBrand;
  minAmount?: number;
  maxAmount?: number;
  lastFour?: string;
}

export const TRANSACTIONS_PAGE_SIZE = 25;

export function usePaymentsTarget() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return {
    params: { tenantId, restaurantId },
    key: (...rest: unknown[]) => restaurantKey(restaurantId, 'payments', ...rest),
  };
}

/** The restaurant's merchant account; null when none is connected. */
export function useMerchantAccount() {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('merchant-account'),
    queryFn: async ({ signal }) => (await apiClient.call(getMerchantAccount, { params, signal })).data,
  });
}

/** Where the hosted card-entry frame loads from (only once a merchant account exists). */
export function useCardEntry(enabled: boolean) {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('card-entry'),
    queryFn: async ({ signal }) => (await apiClient.call(getCardEntry, { params, signal })).data,
    enabled,
    staleTime: 0,
  });
}

/** Transactions newest first, keyset paged: each page follows the previous page's `nextCursor`. */
export function useTransactions(filters: TransactionFilters) {
  const { params, key } = usePaymentsTarget();
  return useInfiniteQuery({
    queryKey: key('transactions', 'list', filters),
    queryFn: async ({ pageParam, signal }) =>
      apiClient.call(listTransactions, {
        params,
        query: { ...filters, limit: TRANSACTIONS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
}

export function useTransaction(transactionId: string) {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('transactions', 'one', transactionId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getTransaction, { params: { ...params, transactionId }, signal })).data,
    staleTime: 0,
  });
}

/** After a write: the transaction's page and every list show the new state. */
function useRefreshTransactions() {
  const queryClient = useQueryClient();
  const { key } = usePaymentsTarget();
  return () => queryClient.invalidateQueries({ queryKey: key('transactions') });
}

export function useAuthorise(attempts: IdempotentAttempts) {
  const { params } = usePaymentsTarget();
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async (body: AuthoriseBody) =>
      (
        await withIdempotencyKey(attempts, body, (headers) =>
          apiClient.call(authorisePayment, { params, body, headers }),
        )
      ).data.transaction,
    onSettled: refresh,
  });
}

export type TransactionAction = 'capture' | 'void' | 'refund' | 'void_by_order';
export interface ActionInput {
  amount?: number;
  tipAmount?: number;
}

/** Capture, void or refund a transaction (each attempt with its own key, from `attempts`). */
export function useTransactionAction(transactionId: string, attempts: IdempotentAttempts) {
  const { params } = usePaymentsTarget();
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async ({ action, input }: { action: TransactionAction; input: ActionInput }) => {
      const call = { params: { ...params, transactionId } };
      const request = { action, transactionId, input };
      const answer = await withIdempotencyKey(attempts, request, (headers) => {
        if (action === 'capture') return apiClient.call(capturePayment, { ...call, body: input, headers });
        const body = input.amount === undefined ? {} : { amount: input.amount };
        if (action === 'void') return apiClient.call(voidPayment, { ...call, body, headers });
        if (action === 'void_by_order')
          return apiClient.call(voidPaymentByOrder, { ...call, body: {}, headers });
        return apiClient.call(refundPayment, { ...call, body, headers });
      });
      return answer.data.transaction;
    },
    onSettled: refresh,
  });
}

/** "Check status": the gateway's state of the transaction now. */
export function useRefreshTransaction(transactionId: string) {
  const { params } = usePaymentsTarget();
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.call(refreshTransaction, { params: { ...params, transactionId } })).data.transaction,
    onSettled: refresh,
  });
}

export function useSettlement(date: string, enabled: boolean) {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('settlement', date),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getSettlement, { params, query: { date }, signal })).data.batches,
    enabled,
  });
}

export function useFunding(date: string, enabled: boolean) {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('funding', date),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getFunding, { params, query: { date }, signal })).data,
    enabled,
  });
}

export function useFundingRange(from: string, to: string, enabled: boolean) {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('funding-range', from, to),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listFunding, { params, query: { from, to }, signal })).data,
    enabled,
  });
}

export function useMerchantAccountWrites() {
  const { params, key } = usePaymentsTarget();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key() });
  return {
    save: useMutation({
      mutationFn: async (body: BodyInput<typeof saveMerchantAccount>) =>
        (await apiClient.call(saveMerchantAccount, { params, body })).data,
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: async () => (await apiClient.call(testMerchantAccount, { params })).data,
      onSettled: refresh,
    }),
  };
}

/** What the signed-in user's role may do with payments (the server checks it too). */
export function usePaymentRights() {
  return {
    take: useCan(authorisePayment),
    capture: useCan(capturePayment),
    void: useCan(voidPayment),
    refund: useCan(refundPayment),
    settlement: useCan(getSettlement),
    funding: useCan(getFunding),
    settings: useCan(saveMerchantAccount),
  };
}
