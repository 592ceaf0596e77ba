import type { Actor } from '@brigade/domain/access';
import type { CopyMenuInput, ImportResult } from '@brigade/domain/catalogue/catalogue-io';
import type { UseCaseDeps } from '../use-case';
import { writeRecords } from './catalogue-transfer';
import { masterMenuOf } from './menu-share-sync';
import { refuseUnassigned } from './menu-shares';
import { catalogueScopeOf, resolveCatalogueScope } from './scope';

/**
 * Copies a menu of one restaurant into another of the same tenant (the path's restaurant), in one
 * transaction: new ids and guids in the target, every reference rewritten; tags, courses, tax rates and
 * sales categories the target already has (same name; tax rates also same type and rate) are reused. A
 * source restaurant outside the tenant is 404 "Restaurant with ID {id} not found", as every scope check.
 * The audit log records each created row under this endpoint (decision 019).
 */
export async function copyMenuToRestaurant(
  deps: UseCaseDeps,
  actor: Actor,
  input: { tenantId: number; restaurantId: number } & CopyMenuInput,
): Promise<ImportResult> {
  return deps.db.transaction(async (tx) => {
    const target = catalogueScopeOf(actor, input);
    await resolveCatalogueScope(tx, target);
    refuseUnassigned(actor, input.tenantId, [input.fromRestaurantId]);
    const master = { tenantId: input.tenantId, restaurantId: input.fromRestaurantId };
    return writeRecords(
      tx,
      target,
      await masterMenuOf(tx, actor, { ...master, menuGroupId: input.menuGroupId }),
    );
  });
}
