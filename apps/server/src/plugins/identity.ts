import { type Authenticated, actorOf } from '@brigade/core/identity/session-service';
import { type Actor, ANONYMOUS } from '@brigade/domain/access';
import { SESSION_POLICY } from '@brigade/domain/session-policy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { sendProblem } from './problem-details';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, loaded once per request before any route runs (docs/architecture.md#identity-and-access). */
    actor: Actor;
    /** The session behind the request, when there is a live one. */
    auth: Authenticated | null;
    /** The raw session token the request carried (cookie or bearer), valid or not. */
    sessionToken: string | undefined;
    authVia: 'cookie' | 'bearer' | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session token a request carries: `Authorization: Bearer <token>` first, else the session cookie. */
export function sessionTokenOf(
  authorization: string | undefined,
  cookies: Record<string, string | undefined>,
): { token: string | undefined; via: 'bearer' | 'cookie' | null } {
  const bearer =
    typeof authorization === 'string' && /^Bearer\s+/i.test(authorization)
      ? authorization.replace(/^Bearer\s+/i, '').trim()
      : '';
  const cookie = cookies[SESSION_POLICY.cookieName];
  return { token: bearer || cookie || undefined, via: bearer ? 'bearer' : cookie ? 'cookie' : null };
}

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Loads the caller from `Authorization: Bearer <token>` or the session cookie, and guards browser writes
 * against cross-site request forgery: besides SameSite=Lax on the cookie, a state-changing request that
 * carries the cookie must come from one of Brigade's own origins, and one that carries no credentials (sign
 * in, sign up) must not come from another origin (docs/behaviour/identity-and-sessions.md#csrf-protection). A bearer request without the cookie is
 * not checked: it carries no ambient authority.
 */
export function registerIdentity(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('actor', null as never);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('authVia', null);

  // A callback hook (issue 20): a session held in memory is answered in the same turn, with no promise.
  app.addHook('onRequest', (request, reply, done) => {
    request.actor = ANONYMOUS;
    const { token, via } = sessionTokenOf(request.headers.authorization, request.cookies);
    request.sessionToken = token;
    request.authVia = via;

    // A request with a bearer token and no session cookie cannot be forged by another site: a page can make
    // a browser send the cookie, never an Authorization header of its choosing (that needs CORS, which
    // Brigade does not grant), so its Origin says nothing and a script's is not checked.
    const bearerOnly = via === 'bearer' && request.cookies[SESSION_POLICY.cookieName] === undefined;
    if (!SAFE_METHODS.has(request.method) && !bearerOnly) {
      const origin = originOf(request);
      const cookieCarried = request.authVia === 'cookie';
      if ((origin && !deps.config.appOrigins.includes(origin)) || (cookieCarried && !origin)) {
        sendProblem(reply, 403, 'CSRF_REJECTED', 'Cross-site request refused');
        return done();
      }
    }

    if (!token) return done();
    const held = deps.sessions.held(token);
    if (held) {
      signedIn(request, held);
      return done();
    }
    deps.sessions.authenticate(deps.database.db, token).then((auth) => {
      signedIn(request, auth);
      done();
    }, done);
  });
}

// A session held in memory hands out the same user object until it changes, so its actor is made once.
const actors = new WeakMap<Authenticated['user'], Actor>();

/** The actor of a session's user, made once per user object (the API's front door asks for it too). */
export function actorOfHeld(auth: Authenticated): Actor {
  let actor = actors.get(auth.user);
  if (!actor) {
    actor = actorOf(auth.user);
    actors.set(auth.user, actor);
  }
  return actor;
}

function signedIn(request: FastifyRequest, auth: Authenticated | null): void {
  request.auth = auth;
  if (!auth) return;
  const actor = actorOfHeld(auth);
  request.actor = actor;
}

export const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});
