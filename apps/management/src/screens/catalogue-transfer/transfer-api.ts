import type { BodyInput } from '@brigade/api-client/client';
import {
  copyMenu,
  exportCatalogue,
  importCatalogue,
  previewCatalogueImport,
} from '@brigade/contracts/catalogue-transfer';
import { listMenus } from '@brigade/contracts/menus';
import { catalogueCsv } from '@brigade/domain/catalogue/catalogue-csv';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';
import { saveCsv } from '../reports/save-csv';

/*
 * Catalogue export, import and menu copy (packages/contracts/src/catalogue-transfer.ts). An import or a copy
 * changes every kind of the restaurant's catalogue, so it refreshes all of the restaurant's catalogue queries.
 */

export type ImportBody = BodyInput<typeof previewCatalogueImport>;
export type ImportSource = ImportBody['source'];

function useParams() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return { tenantId, restaurantId };
}

function useSettle() {
  const client = useQueryClient();
  const { restaurantId } = useParams();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'catalogue') }),
      client.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'menus') }),
    ]);
}

/** Downloads the catalogue as Brigade's JSON file, or the items as CSV (the server's CSV, made from the same file). */
export function useExport() {
  const params = useParams();
  return useMutation({
    mutationFn: async (format: 'json' | 'csv') => {
      const file = (await apiClient.call(exportCatalogue, { params })).data;
      const day = file.exportedAt.slice(0, 10);
      if (format === 'csv') {
        saveCsv(catalogueCsv(file), `catalogue-${params.restaurantId}-${day}.csv`);
        return;
      }
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = `catalogue-${params.restaurantId}-${day}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}

export function usePreviewImport() {
  const params = useParams();
  return useMutation({
    mutationFn: async (body: ImportBody) =>
      (await apiClient.call(previewCatalogueImport, { params, body })).data,
  });
}

export type ImportPreviewData = Awaited<ReturnType<ReturnType<typeof usePreviewImport>['mutateAsync']>>;

export function useApplyImport() {
  const params = useParams();
  const settle = useSettle();
  return useMutation({
    mutationFn: async (body: ImportBody) => (await apiClient.call(importCatalogue, { params, body })).data,
    onSettled: settle,
  });
}

export function useCopyMenu() {
  const params = useParams();
  const settle = useSettle();
  return useMutation({
    mutationFn: async (body: BodyInput<typeof copyMenu>) =>
      (await apiClient.call(copyMenu, { params, body })).data,
    onSettled: settle,
  });
}

/** The menus of another restaurant of the tenant (for choosing what to copy). */
export function useMenusOf(restaurantId: number | null) {
  const { tenantId } = useParams();
  return useQuery({
    queryKey: restaurantKey(restaurantId ?? 0, 'menus', 'list'),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listMenus, {
          params: { tenantId, restaurantId: restaurantId as number },
          signal,
        })
      ).data,
    enabled: restaurantId !== null,
  });
}
