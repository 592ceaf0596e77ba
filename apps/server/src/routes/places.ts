import {
  getPlaceDetails,
  getPlacePhotoMedia,
  searchNearbyPlaces,
  searchPlaces,
} from '@brigade/contracts/places';
import {
  type Cached,
  nearbyPlaces,
  placeDetails,
  placePhotoMedia,
  searchPlaces as searchPlacesUseCase,
} from '@brigade/core/places/places-service';
import type { FastifyReply } from 'fastify';
import { placesDepsOf } from '../places-runtime';
import { implement, success } from '../plugins/contract-routes';

/** The answer, with `X-Cache: hit|miss` saying whether the shared cache had it. */
function answer<T>(reply: FastifyReply, result: Cached<T>) {
  reply.header('x-cache', result.cache);
  return success(result.value);
}

export const placesRoutes = [
  implement(searchPlaces, async ({ query, actor, deps, reply }) => {
    const placesDeps = await placesDepsOf(deps.places, deps.database.db);
    return answer(reply, await searchPlacesUseCase(placesDeps, actor, query));
  }),
  implement(searchNearbyPlaces, async ({ query, actor, deps, reply }) => {
    const placesDeps = await placesDepsOf(deps.places, deps.database.db);
    return answer(reply, await nearbyPlaces(placesDeps, actor, query));
  }),
  implement(getPlaceDetails, async ({ params, query, actor, deps, reply }) => {
    const placesDeps = await placesDepsOf(deps.places, deps.database.db);
    const input = { placeId: params.placeId, fields: query.fields };
    return answer(reply, await placeDetails(placesDeps, actor, input));
  }),
  implement(getPlacePhotoMedia, async ({ body, actor, deps, reply }) => {
    const placesDeps = await placesDepsOf(deps.places, deps.database.db);
    return answer(reply, await placePhotoMedia(placesDeps, actor, body));
  }),
];
