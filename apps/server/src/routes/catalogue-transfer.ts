import {
  copyMenu,
  exportCatalogue,
  exportCatalogueCsv,
  importCatalogue,
  previewCatalogueImport,
} from '@brigade/contracts/catalogue-transfer';
import {
  exportCatalogueCsv as exportCsv,
  exportCatalogue as exportJson,
  importCatalogue as importFile,
  previewCatalogueImport as preview,
} from '@brigade/core/catalogue/catalogue-transfer';
import { copyMenuToRestaurant } from '@brigade/core/catalogue/menu-copy';
import { useCaseDeps } from '../deps';
import { type Implementation, implement, success } from '../plugins/contract-routes';

/** Catalogue export, import and menu copy (packages/core/src/catalogue/catalogue-transfer.ts, menu-copy.ts). */
export const catalogueTransferRoutes: Implementation[] = [
  implement(exportCatalogue, async ({ params, actor, deps }) =>
    success(await exportJson(useCaseDeps(deps), actor, params)),
  ),
  implement(exportCatalogueCsv, async ({ params, actor, deps, reply }) => {
    const csv = await exportCsv(useCaseDeps(deps), actor, params);
    // The contract has no JSON body: the file is sent here and the route sees the reply as sent.
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogue-${params.restaurantId}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  }),
  implement(previewCatalogueImport, async ({ params, body, actor, deps }) =>
    success(await preview(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
  implement(importCatalogue, async ({ params, body, actor, deps }) =>
    success(await importFile(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
  implement(copyMenu, async ({ params, body, actor, deps }) =>
    success(await copyMenuToRestaurant(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
];
