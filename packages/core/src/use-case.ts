import type { Executor } from '@brigade/db/database';
import { type Actor, decideAccess } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';

/**
 * The one shape of a use-case (docs/decisions/021-use-case-shape.md):
 *
 *     export async function verbNoun(deps: AreaDeps, actor: Actor, input: Input): Promise<Output>
 *
 * - `deps`: what the use-case reaches outside itself. Every area's deps extend `UseCaseDeps`; an area that
 *   needs only the database takes `UseCaseDeps` itself. A use-case that calls another inside its transaction
 *   passes `{ ...deps, db: tx }`.
 * - `actor`: who acts, always. Work nobody asked for over the API (seeds, the CLI, start-up) acts as `SYSTEM`.
 * - `input`: one object holding everything else, scope ids included (`{ tenantId, restaurantId, ... }`).
 */
export interface UseCaseDeps {
  /** The database, or the request's transaction (decisions 018, 019): every query of the use-case runs here. */
  db: Executor;
}

/**
 * The platform itself as the actor: seeds, the CLI, start-up work and tests that call a use-case directly.
 * It may do what a site administrator may; records that keep who changed them say "system" ("System" where
 * the catalogue's default says so).
 */
export const SYSTEM: Actor = {
  kind: 'user',
  userId: 'system',
  isSiteAdmin: true,
  isActive: true,
  assignments: [],
};

/** The user id written where a record keeps who changed it (lastModifiedBy, createdBy): "system" for no user. */
export const userIdOf = (actor: Actor): string => (actor.kind === 'user' ? actor.userId : 'system');

/**
 * The signed-in user a use-case acts for, where only a user can (their own password, a hand-off). The route
 * already refused anyone else (access `signed-in`); the check keeps other callers from passing the anonymous.
 */
export function userOf(actor: Actor): Extract<Actor, { kind: 'user' }> {
  if (actor.kind !== 'user') throw new BrigadeError('unauthorized', 'UNAUTHENTICATED', 'Sign-in required');
  return actor;
}

/** For site administrators only: 401 signed out, 403 anyone else (the admin app's use-cases). */
export function siteAdminOnly(actor: Actor): void {
  const decision = decideAccess(actor, { kind: 'site-admin' });
  if (decision === 'unauthenticated')
    throw new BrigadeError('unauthorized', 'UNAUTHENTICATED', 'Sign-in required');
  if (decision !== 'allow')
    throw new BrigadeError('forbidden', 'FORBIDDEN', 'You do not have access to this');
}
