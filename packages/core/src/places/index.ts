/**
 * Places' face to the other areas of core (issue 49 §1): a place link's dependencies and the cache's expiry sweep.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export type { PlaceLinkDeps } from './place-link-service';
export { purgeExpiredPlaces } from './places-cache';
