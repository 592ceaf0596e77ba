/**
 * What the change feed says changed (docs/decisions/011-change-feed.md): the database's triggers announce one
 * of these per committed write, a write endpoint declares the one it publishes (`changes` in
 * packages/contracts/src/endpoint.ts), and the caches of derived documents decide by it what to drop.
 */
export const CHANGE_AREAS = [
  'catalogue',
  'restaurant',
  'tenant',
  'domains',
  'site-config',
  'images',
] as const;
export type ChangeArea = (typeof CHANGE_AREAS)[number];
