import {
  connectGooglePlace,
  disconnectGooglePlace,
  importGooglePlace,
  previewGooglePlaceImport,
  syncGooglePlace,
} from '@brigade/contracts/place-link';
import { imageRecords } from '@brigade/core/images/image-repository';
import type { PlaceImportDeps } from '@brigade/core/places/place-import-steps';
import {
  importPlace,
  linkPlace,
  previewPlaceImport,
  syncLinkedPlace,
  unlinkPlace,
} from '@brigade/core/places/place-link-service';
import type { Executor } from '@brigade/db/database';
import { type WallContext, withinWalls } from '@brigade/db/tenant-walls';
import { downloadPhoto } from '@brigade/places/photo-download';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { placesDepsOf } from '../places-runtime';
import { implement, success } from '../plugins/contract-routes';

/**
 * The place link's routes (issue 18): one use-case call each; Google is called between short transactions
 * under the request's walls (the contracts are `outside`).
 */
async function placeLinkDeps(
  deps: AppDeps,
  walls: WallContext | null,
  request: FastifyRequest,
): Promise<PlaceImportDeps> {
  const db = deps.database.db;
  const transact = walls
    ? <T>(work: (tx: Executor) => Promise<T>) => withinWalls(db, walls, (tx) => work(tx))
    : <T>(work: (tx: Executor) => Promise<T>) => work(db);
  return {
    ...(await placesDepsOf(deps.places, db)),
    transact,
    images: {
      db,
      storage: deps.imageStorage,
      logger: { warn: (details, message) => request.log.warn(details, message) },
      records: imageRecords(db),
      writer: deps.instanceId,
    },
    downloadPhoto: (uri) => downloadPhoto(uri, { timeoutMs: deps.config.places.timeoutMs }),
  };
}

export const placeLinkRoutes = [
  implement(connectGooglePlace, async ({ params, body, actor, deps, walls, request }) => {
    const linkDeps = await placeLinkDeps(deps, walls, request);
    return success({ restaurant: await linkPlace(linkDeps, actor, { ...params, placeId: body.placeId }) });
  }),
  implement(syncGooglePlace, async ({ params, actor, deps, walls, request }) => {
    const linkDeps = await placeLinkDeps(deps, walls, request);
    return success({ restaurant: await syncLinkedPlace(linkDeps, actor, params) });
  }),
  implement(previewGooglePlaceImport, async ({ params, actor, deps, walls, request }) => {
    const linkDeps = await placeLinkDeps(deps, walls, request);
    return success(await previewPlaceImport(linkDeps, actor, params));
  }),
  implement(importGooglePlace, async ({ params, body, actor, deps, walls, request }) => {
    const linkDeps = await placeLinkDeps(deps, walls, request);
    return success({ restaurant: await importPlace(linkDeps, actor, { ...params, import: body }) });
  }),
  implement(disconnectGooglePlace, async ({ params, actor, deps, walls, request }) => {
    const linkDeps = await placeLinkDeps(deps, walls, request);
    return success({ restaurant: await unlinkPlace(linkDeps, actor, params) });
  }),
];
