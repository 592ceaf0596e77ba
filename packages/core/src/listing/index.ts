/**
 * Listings' face to the other areas of core (issue 49 §1; docs/behaviour/business-profile.md): what a
 * listing job needs.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export type { ListingDeps } from './listing-deps';
