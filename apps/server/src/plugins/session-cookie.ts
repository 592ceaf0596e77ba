import type { IssuedSession } from '@brigade/core/identity/session-service';
import { SESSION_POLICY } from '@brigade/domain/session-policy';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax, Secure outside plain-HTTP development,
 * path /. Without "remember me" it is a browser-session cookie; with it, it lasts as long as the session.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, session: IssuedSession): void {
  reply.setCookie(SESSION_POLICY.cookieName, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    ...(session.rememberMe ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_POLICY.cookieName, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
  });
}
