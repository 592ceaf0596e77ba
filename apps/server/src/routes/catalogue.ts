import {
  activateJobTitle,
  CATALOGUE_ENDPOINTS_BY_KIND,
  deactivateJobTitle,
  getCatalogueSummary,
} from '@brigade/contracts/catalogue';
import { getMenu, listMenus } from '@brigade/contracts/menus';
import {
  createEntities,
  createEntity,
  deleteEntity,
  getEntity,
  listEntities,
  updateEntity,
} from '@brigade/core/catalogue/catalogue-service';
import { setJobTitleActive } from '@brigade/core/catalogue/job-title-service';
import { storeOf } from '@brigade/core/catalogue/kind-stores';
import { listMenus as listMenusUseCase, resolveMenuIn } from '@brigade/core/catalogue/menu-resolver';
import type { CatalogueScope } from '@brigade/core/catalogue/scope';
import { resolveCatalogueScope } from '@brigade/core/catalogue/scope';
import { catalogueSummary } from '@brigade/core/catalogue/summary';
import { decideAccess } from '@brigade/domain/access';
import { EMPLOYEE_KIND } from '@brigade/domain/catalogue/kinds';
import type { FastifyRequest } from 'fastify';
import { type Implementation, implement, success } from '../plugins/contract-routes';

/** The scope of a catalogue call: the path's tenant and restaurant (checked by the use-case), and who acts. */
const scopeOf = (
  params: { tenantId: number; restaurantId: number },
  request: FastifyRequest,
): CatalogueScope => ({
  tenantId: params.tenantId,
  restaurantId: params.restaurantId,
  actor: request.auth?.user.email ?? 'System',
});

type Params = { tenantId: number; restaurantId: number } & Record<string, number>;

// Employee records are counted for those who may list them: the same decision as the list endpoint's.
const employeeList = CATALOGUE_ENDPOINTS_BY_KIND.get(EMPLOYEE_KIND)!.list;

const catalogueSummaryRoute = implement(getCatalogueSummary, async ({ params, actor, request, deps }) => {
  const employees = decideAccess(actor, employeeList.access, params.tenantId) === 'allow';
  return success(await catalogueSummary(deps.database.db, scopeOf(params, request), { employees }));
});

/**
 * list, get, create, batch, update and delete for every catalogue kind, generated like the contracts, and the
 * restaurant's catalogue summary.
 */
export const catalogueRoutes: Implementation[] = [
  ...[...CATALOGUE_ENDPOINTS_BY_KIND].flatMap(([kind, endpoints]) => {
    const store = storeOf(kind);
    const idOf = (params: Params) => params[kind.idParam]!;
    return [
      implement(endpoints.list, async ({ params, query, request, deps }) => {
        const scope = scopeOf(params as Params, request);
        const { data, nextCursor } = await listEntities(deps.database.db, store, scope, query as never);
        return success(data, { nextCursor });
      }),
      implement(endpoints.get, async ({ params, request, deps }) =>
        success(
          await getEntity(
            deps.database.db,
            store,
            scopeOf(params as Params, request),
            idOf(params as Params),
          ),
        ),
      ),
      implement(endpoints.create, async ({ params, body, request, deps }) =>
        success(await createEntity(deps.database.db, store, scopeOf(params as Params, request), body)),
      ),
      implement(endpoints.batch, async ({ params, body, request, deps }) =>
        success(
          await createEntities(
            deps.database.db,
            store,
            scopeOf(params as Params, request),
            body as unknown[],
          ),
        ),
      ),
      implement(endpoints.update, async ({ params, body, request, deps }) =>
        success(
          await updateEntity(
            deps.database.db,
            store,
            scopeOf(params as Params, request),
            idOf(params as Params),
            body,
          ),
        ),
      ),
      implement(endpoints.delete, async ({ params, request, deps }) => {
        await deleteEntity(
          deps.database.db,
          store,
          scopeOf(params as Params, request),
          idOf(params as Params),
        );
      }),
    ];
  }),
  catalogueSummaryRoute,
];

export const jobTitleRoutes: Implementation[] = [
  implement(activateJobTitle, async ({ params, request, deps }) =>
    success(await setJobTitleActive(deps.database.db, scopeOf(params, request), params.jobId, true)),
  ),
  implement(deactivateJobTitle, async ({ params, request, deps }) =>
    success(await setJobTitleActive(deps.database.db, scopeOf(params, request), params.jobId, false)),
  ),
];

export const menuRoutes: Implementation[] = [
  implement(listMenus, async ({ params, query, request, deps }) =>
    success(await listMenusUseCase(deps.database.db, scopeOf(params, request), query)),
  ),
  implement(getMenu, async ({ params, query, request, reply, deps }) => {
    const db = deps.database.db;
    const scope = await resolveCatalogueScope(db, scopeOf(params, request));
    // Without ?at= the document depends only on the restaurant's data, which its version names (decision
    // 011): the finished JSON is kept and an unchanged menu answers 304 to a device that asks again.
    const timeless = query.at === undefined;
    const key = `${params.menuGroupId}:${query.channel ?? 'all'}`;
    const etag = `"menu-${scope.restaurantId}-${scope.version}-${key}"`;
    const validated = () => reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (timeless) {
      if (request.headers['if-none-match'] === etag) return validated().status(304).send();
      const cached = deps.menuCache.document(scope, key);
      if (cached) return validated().type('application/json; charset=utf-8').send(cached);
    }
    const { menu, available } = await resolveMenuIn(db, scope, params.menuGroupId, query, deps.menuCache);
    const body = success(menu, { available });
    if (timeless) {
      deps.menuCache.storeDocument(scope, key, JSON.stringify(body));
      validated();
    }
    return body;
  }),
];
