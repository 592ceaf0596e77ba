import { type Actor, ANONYMOUS } from '@brigade/domain/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, loaded once per request before any route runs (ARCHITECTURE §5). */
    actor: Actor;
  }
}

/** Resolves the caller of a request (session cookie or bearer token once identity lands). */
export type ActorLoader = (request: FastifyRequest) => Promise<Actor>;

/**
 * Until users and sessions exist, every caller is anonymous: endpoints that need a signed-in user answer
 * 401, which is the correct, fail-closed behaviour for a platform without sign-in.
 */
export const anonymousOnly: ActorLoader = async () => ANONYMOUS;

export function registerActor(app: FastifyInstance, loadActor: ActorLoader): void {
  // Fastify 5 refuses object defaults on decorators (they would be shared); the hook sets it on every request.
  app.decorateRequest('actor', null as never);
  app.addHook('onRequest', async (request) => {
    request.actor = await loadActor(request);
  });
}
