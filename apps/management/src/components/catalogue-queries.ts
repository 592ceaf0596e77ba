import type { ResponseOf } from '@brigade/api-client/client';
import { CATALOGUE_ENDPOINTS_BY_KIND, type CatalogueEndpoints } from '@brigade/contracts/catalogue';
import {
  type CatalogueKindDefinition,
  ITEM_KIND,
  MENU_GROUP_KIND,
  MODIFIER_GROUP_KIND,
} from '@brigade/domain/catalogue/kinds';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api';
import { useCan, useCurrentRestaurant } from '../restaurant-context';
import { catalogueKeys } from './query-keys';

/*
 * TanStack Query hooks over the generic catalogue API (packages/contracts/src/catalogue.ts): list, one
 * record, create / update (merge patch: sent fields replace, null clears) / delete, for any kind. The
 * record type is the caller's (`useCatalogueList<TaxRateRow>(TAX_RATE_KIND)`): the kinds are described
 * generically, so the contract cannot name it. Rows arrive as JSON (dates are ISO strings).
 */

export function endpointsOf(kind: CatalogueKindDefinition): CatalogueEndpoints {
  const endpoints = CATALOGUE_ENDPOINTS_BY_KIND.get(kind);
  if (!endpoints) throw new Error(`No catalogue endpoints for ${kind.path}`);
  return endpoints;
}

/**
 * Every change refreshes the cached menu-group lists (menus show items, prices, tags...); a
 * modifier group's change refreshes the items too (their editors show the groups' names and bounds).
 */
export async function invalidateAfterChange(
  queryClient: QueryClient,
  restaurantId: number,
  kind: CatalogueKindDefinition,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogueKeys.kind(restaurantId, kind) }),
    kind === MENU_GROUP_KIND
      ? undefined
      : queryClient.invalidateQueries({ queryKey: catalogueKeys.kind(restaurantId, MENU_GROUP_KIND) }),
    kind === MODIFIER_GROUP_KIND
      ? queryClient.invalidateQueries({ queryKey: catalogueKeys.kind(restaurantId, ITEM_KIND) })
      : undefined,
    // resolved menus and dashboard counts read across kinds
    queryClient.invalidateQueries({ queryKey: ['restaurant', restaurantId, 'resolved-menus'] }),
    queryClient.invalidateQueries({ queryKey: ['restaurant', restaurantId, 'dashboard'] }),
  ]);
}

type ListData = ResponseOf<CatalogueEndpoints['list']>;

/**
 * Every record of a kind's list: the API pages lists (decision 012), so this follows nextCursor until the
 * last page (a few thousand rows are a few requests). `query` is the list's filter (menu groups: parent).
 */
export async function fetchWholeList<Row = Record<string, unknown>>(
  kind: CatalogueKindDefinition,
  params: { tenantId: number; restaurantId: number },
  query: Record<string, unknown> | undefined,
  signal?: AbortSignal,
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const answer: ListData = await apiClient.call(endpointsOf(kind).list, {
      params,
      query: { ...query, ...(cursor === null ? {} : { cursor }) },
      body: undefined,
      signal,
    } as never);
    rows.push(...(answer.data as Row[]));
    cursor = answer.nextCursor;
  } while (cursor !== null);
  return rows;
}

/** Every record of a kind (menu groups: `query` { parent: 'none' | id }), across all pages. */
export function useCatalogueList<Row = Record<string, unknown>>(
  kind: CatalogueKindDefinition,
  options: { query?: Record<string, unknown>; enabled?: boolean } = {},
) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const endpoints = endpointsOf(kind);
  const allowed = useCan(endpoints.list);
  return useQuery({
    queryKey: catalogueKeys.list(restaurantId, kind, options.query),
    queryFn: ({ signal }) => fetchWholeList<Row>(kind, { tenantId, restaurantId }, options.query, signal),
    enabled: allowed && options.enabled !== false,
  });
}

/** One record by id (no id yet: the query waits). */
export function useCatalogueRecord<Row = Record<string, unknown>>(
  kind: CatalogueKindDefinition,
  id: number | null | undefined,
) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const endpoints = endpointsOf(kind);
  return useQuery({
    queryKey: catalogueKeys.one(restaurantId, kind, id ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await apiClient.call(endpoints.get, {
        params: { tenantId, restaurantId, [kind.idParam]: id },
        body: undefined,
        signal,
      } as never);
      return answer.data as Row;
    },
    enabled: typeof id === 'number' && id > 0,
  });
}

/**
 * create, update (merge patch), remove and updateMany (several updates one after another, as reordering
 * siblings does, refreshing once) for a kind, plus what the role may do (canCreate / canUpdate / canDelete
 * from the endpoints' access). Each write refreshes what it touches (invalidateAfterChange) once it settles,
 * a failed one too (a batch may have half landed). Mutations never retry. Errors are
 * ProblemErrors: hand them to applyServerErrors.
 */
export function useCatalogueMutations<Row = Record<string, unknown>>(kind: CatalogueKindDefinition) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  const endpoints = endpointsOf(kind);
  const params = { tenantId, restaurantId };
  const onSettled = () => invalidateAfterChange(queryClient, restaurantId, kind);
  const updateOne = async (id: number, patch: Record<string, unknown>) =>
    (
      await apiClient.call(endpoints.update, {
        params: { ...params, [kind.idParam]: id },
        body: patch,
      } as never)
    ).data as Row;

  const create = useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await apiClient.call(endpoints.create, { params, body } as never)).data as Row,
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Record<string, unknown> }) => updateOne(id, patch),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await apiClient.call(endpoints.delete, {
        params: { ...params, [kind.idParam]: id },
        body: undefined,
      } as never);
    },
    onSettled,
  });
  const updateMany = useMutation({
    mutationFn: async (patches: readonly { id: number; patch: Record<string, unknown> }[]) => {
      const results: Row[] = [];
      for (const { id, patch } of patches) results.push(await updateOne(id, patch));
      return results;
    },
    onSettled,
  });
  return {
    create,
    update,
    remove,
    updateMany,
    canCreate: useCan(endpoints.create),
    canUpdate: useCan(endpoints.update),
    canDelete: useCan(endpoints.delete),
  };
}
