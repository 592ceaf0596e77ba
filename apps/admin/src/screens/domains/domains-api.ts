import type { Jsonify } from '@brigade/api-client/client';
import { ProblemError } from '@brigade/api-client/problem-error';
import { listAllDomainMappings } from '@brigade/contracts/admin-domains';
import {
  bulkUpdateDomainMappings,
  createDomainMapping,
  createGeneratedSubdomain,
  getDomainMappingStatus,
  transferDomainMapping,
  verifyDomainMapping,
} from '@brigade/contracts/domains';
import { addHostingDomain, getHostingDomainStatus } from '@brigade/contracts/hosting';
import type { SslStatus, VerificationStatus } from '@brigade/domain/domain-mapping';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';

export const DOMAIN_PAGE_SIZE = 25;

export interface DomainFilters {
  search: string;
  verificationStatus: VerificationStatus | '';
  sslStatus: SslStatus | '';
  domainType: 'custom' | 'subdomain' | '';
  isActive: 'true' | 'false' | '';
}

export const NO_FILTERS: DomainFilters = {
  search: '',
  verificationStatus: '',
  sslStatus: '',
  domainType: '',
  isActive: '',
};

const domainKeys = {
  all: ['admin', 'domains'] as const,
  page: (filters: DomainFilters, offset: number) => ['admin', 'domains', 'page', filters, offset] as const,
  status: (guid: string) => ['admin', 'domains', 'status', guid] as const,
  hosting: (domain: string) => ['admin', 'domains', 'hosting', domain] as const,
};

type NonEmpty<T> = { [K in keyof T]?: Exclude<T[K], ''> };
const defined = (filters: DomainFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as NonEmpty<DomainFilters>;

/** One page of every tenant's mappings, searched and filtered on the server. */
export function useDomainPage(filters: DomainFilters, offset: number) {
  return useQuery({
    queryKey: domainKeys.page(filters, offset),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listAllDomainMappings, {
          query: { ...defined(filters), limit: DOMAIN_PAGE_SIZE, offset },
          signal,
        })
      ).data.mappings,
    placeholderData: keepPreviousData,
  });
}
export type DomainRow = NonNullable<ReturnType<typeof useDomainPage>['data']>[number];
export type Mapping = DomainRow['mapping'];

export function useMappingStatus(guid: string) {
  return useQuery({
    queryKey: domainKeys.status(guid),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getDomainMappingStatus, { params: { guid }, signal })).data,
  });
}

/** The hosting provider's view of a domain; null while the provider does not have it (404). */
export function useHostingStatus(domain: string) {
  return useQuery({
    queryKey: domainKeys.hosting(domain),
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return (await apiClient.call(getHostingDomainStatus, { query: { domain }, signal })).data;
      } catch (error) {
        if (error instanceof ProblemError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export type BulkResult = Jsonify<
  Awaited<ReturnType<typeof apiClient.call<typeof bulkUpdateDomainMappings>>>['data']
>;

export function useDomainWrites() {
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: domainKeys.all });
  return {
    verify: useMutation({
      mutationFn: async (guid: string) =>
        (await apiClient.call(verifyDomainMapping, { params: { guid } })).data,
      onSuccess: done,
    }),
    transfer: useMutation({
      mutationFn: async ({ guid, ...body }: { guid: string; tenantGuid: string; restaurantGuid: string }) =>
        (await apiClient.call(transferDomainMapping, { params: { guid }, body })).data.mapping,
      onSuccess: done,
    }),
    bulkUpdate: useMutation({
      mutationFn: async (input: { guids: readonly string[]; updates: Record<string, unknown> }) =>
        (
          await apiClient.call(bulkUpdateDomainMappings, {
            body: { mappings: input.guids.map((guid) => ({ guid, updates: input.updates })) },
          })
        ).data,
      onSuccess: done,
    }),
    add: useMutation({
      mutationFn: async (input: {
        tenantGuid: string;
        restaurantGuid: string;
        kind: 'custom' | 'subdomain';
        name: string;
        isPrimary: boolean;
      }) => {
        const target = { tenantGuid: input.tenantGuid, restaurantGuid: input.restaurantGuid };
        if (input.kind === 'subdomain')
          return (
            await apiClient.call(createGeneratedSubdomain, {
              body: { ...target, ...(input.name ? { subdomain: input.name } : {}) },
            })
          ).data.mapping;
        return (
          await apiClient.call(createDomainMapping, {
            body: { ...target, domain: input.name, domainType: 'custom', isPrimary: input.isPrimary },
          })
        ).data.mapping;
      },
      onSuccess: done,
    }),
    addToHosting: useMutation({
      mutationFn: async (domain: string) =>
        (await apiClient.call(addHostingDomain, { body: { domain } })).data.domain,
      onSuccess: done,
    }),
  };
}
