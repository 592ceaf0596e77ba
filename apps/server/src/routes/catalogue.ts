import {
  activateJobTitle,
  CATALOGUE_ENDPOINTS_BY_KIND,
  deactivateJobTitle,
  getCatalogueSummary,
} from '@brigade/contracts/catalogue';
import { getMenu, listMenus } from '@brigade/contracts/menus';
import {
  createCatalogueRecord,
  createCatalogueRecords,
  deleteCatalogueRecord,
  getCatalogueRecord,
  listCatalogueRecords,
  updateCatalogueRecord,
} from '@brigade/core/catalogue/catalogue-service';
import { setJobTitleActive } from '@brigade/core/catalogue/job-title-service';
import type { DocumentEncoding } from '@brigade/core/catalogue/menu-cache';
import { listMenus as listMenusUseCase, resolveMenuIn } from '@brigade/core/catalogue/menu-resolver';
import { catalogueScopeOf, type ResolvedScope } from '@brigade/core/catalogue/scope';
import { getCatalogueSummary as getCatalogueSummaryUseCase } from '@brigade/core/catalogue/summary';
import { readSettings } from '@brigade/core/ordering/ordering-repository';
import type { Executor } from '@brigade/db/database';
import { sideBySide } from '@brigade/db/side-by-side';
import { withinWalls } from '@brigade/db/tenant-walls';
import { itemIdsOf } from '@brigade/domain/catalogue/sold-out';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppDeps, catalogueWriteDeps, useCaseDeps } from '../deps';
import { type Implementation, implement, success } from '../plugins/contract-routes';

/** The catalogue's reads take the restaurant's scope from memory when it is held (issue 20). */
const catalogueReadDeps = (deps: AppDeps) => ({ ...useCaseDeps(deps), scopes: deps.scopes });

type Params = { tenantId: number; restaurantId: number } & Record<string, number>;

/**
 * list, get, create, batch, update and delete for every catalogue kind, generated like the contracts, and the
 * restaurant's catalogue summary.
 */
export const catalogueRoutes: Implementation[] = [
  ...[...CATALOGUE_ENDPOINTS_BY_KIND].flatMap(([kind, endpoints]) => {
    // The kind, the path's tenant and restaurant (checked by the use-case) and, for one record, its id.
    const target = (params: Params) => ({
      kind,
      tenantId: params.tenantId,
      restaurantId: params.restaurantId,
    });
    const record = (params: Params) => ({ ...target(params), id: params[kind.idParam]! });
    return [
      implement(endpoints.list, async ({ params, query, actor, deps }) => {
        const input = { ...target(params as Params), query: query as never };
        const { data, nextCursor } = await listCatalogueRecords(catalogueReadDeps(deps), actor, input);
        return success(data, { nextCursor });
      }),
      implement(endpoints.get, async ({ params, actor, deps }) =>
        success(await getCatalogueRecord(catalogueReadDeps(deps), actor, record(params as Params))),
      ),
      implement(endpoints.create, async ({ params, body, actor, deps }) =>
        success(
          await createCatalogueRecord(catalogueWriteDeps(deps), actor, {
            ...target(params as Params),
            record: body,
          }),
        ),
      ),
      implement(endpoints.batch, async ({ params, body, actor, deps }) =>
        success(
          await createCatalogueRecords(catalogueWriteDeps(deps), actor, {
            ...target(params as Params),
            records: body as unknown[],
          }),
        ),
      ),
      implement(endpoints.update, async ({ params, body, actor, deps }) =>
        success(
          await updateCatalogueRecord(catalogueWriteDeps(deps), actor, {
            ...record(params as Params),
            patch: body,
          }),
        ),
      ),
      implement(endpoints.delete, async ({ params, actor, deps }) => {
        await deleteCatalogueRecord(useCaseDeps(deps), actor, record(params as Params));
      }),
    ];
  }),
  implement(getCatalogueSummary, async ({ params, actor, deps }) =>
    success(await getCatalogueSummaryUseCase(useCaseDeps(deps), actor, params)),
  ),
];

export const jobTitleRoutes: Implementation[] = [
  implement(activateJobTitle, async ({ params, actor, deps }) =>
    success(await setJobTitleActive(useCaseDeps(deps), actor, { ...params, isActive: true })),
  ),
  implement(deactivateJobTitle, async ({ params, actor, deps }) =>
    success(await setJobTitleActive(useCaseDeps(deps), actor, { ...params, isActive: false })),
  ),
];

export const menuRoutes: Implementation[] = [
  implement(listMenus, async ({ params, query, actor, deps }) =>
    success(await listMenusUseCase(useCaseDeps(deps), actor, { ...params, ...query })),
  ),
  // The HTTP validation (ETag, 304, the finished document kept) needs the restaurant's version before the
  // tree is read, so this handler resolves the scope and reads through resolveMenuIn, the layer under
  // resolveMenu. Without ?at= the document depends only on the restaurant's data, which its version names
  // (decision 011): the finished JSON is kept (and compressed once), and an unchanged menu answers 304 to a
  // device that asks again. With the scope in memory too (issue 20), a repeated read asks the database nothing.
  implement(getMenu, async ({ params, query, actor, request, reply, deps, walls }) => {
    const timeless = query.at === undefined;
    const key = menuKeyOf(params.menuGroupId, query.channel);
    const scopeOf = catalogueScopeOf(actor, params);
    const known = timeless ? deps.scopes.cached(scopeOf) : undefined;
    if (known) {
      const answered = storedMenu(deps, request, reply, known, key);
      if (answered) return answered;
    }
    const read = async (db: Executor) => {
      const scope = await deps.scopes.resolve(db, scopeOf);
      if (timeless) {
        const answered = storedMenu(deps, request, reply, scope, key);
        if (answered) return answered;
      }
      const [{ menu, available }, ordering] = await sideBySide(db, [
        () => resolveMenuIn(db, scope, params.menuGroupId, query, deps.menuCache),
        () => readSettings(db, scope),
      ]);
      // The 86 list of this menu's items (issue 45 item 5): a change of it raises the restaurant's version
      // (migration 0037), so the document kept below and its ETag stay right.
      const inMenu = itemIdsOf(menu);
      const soldOutItemIds = ordering.soldOutItemIds.filter((id) => inMenu.has(id));
      const body = success(menu, { available, soldOutItemIds });
      if (timeless) {
        deps.menuCache.storeDocument(scope, key, JSON.stringify(body));
        validated(reply, etagOf(scope, key));
      }
      return body;
    };
    return walls ? withinWalls(deps.database.db, walls, read) : read(deps.database.db);
  }),
];

/** A weak validator: the same menu in JSON, br or gzip is one resource (the encodings vary by Accept-Encoding). */
const etagOf = (scope: ResolvedScope, key: string) =>
  `W/"menu-${scope.restaurantId}-${scope.version}-${key}"`;

const validated = (reply: FastifyReply, etag: string) =>
  reply.header('etag', etag).header('cache-control', MENU_CACHE_CONTROL).header('vary', 'accept-encoding');

/** What memory answers for a menu: 304 for the version the device holds, else the kept document. */
export type HeldMenu =
  | { status: 304; etag: string }
  | {
      status: 200;
      etag: string;
      /** The encoding the client takes best, whether or not its copy is ready. */
      wanted: DocumentEncoding | null;
      /** The body's encoding: `wanted` once its compression is done, else null (the JSON itself). */
      encoding: DocumentEncoding | null;
      body: Buffer | string;
    };

/**
 * 304 when the device holds this version, else the kept document of this version — compressed as the client
 * accepts when the compression is done — or null. The route below and the API's front door (plugins/
 * api-front-door.ts) both answer with it.
 */
export function heldMenu(
  menuCache: AppDeps['menuCache'],
  scope: ResolvedScope,
  key: string,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): HeldMenu | null {
  const etag = etagOf(scope, key);
  if (ifNoneMatch === etag || ifNoneMatch === etag.slice(2)) return { status: 304, etag };
  const plain = menuCache.encoded(scope, key, 'identity');
  if (plain === undefined) return null;
  const encoding = negotiate(acceptEncoding ?? '', ENCODINGS) as DocumentEncoding | null;
  const encoded = encoding ? menuCache.encoded(scope, key, encoding) : undefined;
  if (encoding && encoded) return { status: 200, etag, wanted: encoding, encoding, body: encoded };
  return { status: 200, etag, wanted: encoding, encoding: null, body: plain };
}

/** The kept document's key: the group and the channel (a read with ?at= is never kept). */
export const menuKeyOf = (menuGroupId: number, channel: string | undefined) =>
  `${menuGroupId}:${channel ?? 'all'}`;

/** The validation headers of a kept menu, in the order the route sets them. */
export const MENU_CACHE_CONTROL = 'private, no-cache';

/** A kept menu through Fastify's reply (the compress plugin leaves an encoded answer alone). */
function storedMenu(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: ResolvedScope,
  key: string,
): FastifyReply | null {
  const held = heldMenu(
    deps.menuCache,
    scope,
    key,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  );
  if (!held) return null;
  validated(reply, held.etag);
  if (held.status === 304) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (held.encoding) reply.header('content-encoding', held.encoding);
  return reply.send(held.body);
}

const ENCODINGS: DocumentEncoding[] = ['br', 'gzip'];
