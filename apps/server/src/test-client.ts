import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** The origin the test app trusts for browser writes (a development origin of the auth app). */
export const APP_ORIGIN = 'http://localhost:3000';

export interface Session {
  token: string;
  cookie: string;
}

/** Signs in through the API and returns the session as a cookie and as a bearer token. */
export async function signInAs(
  app: FastifyInstance,
  email: string,
  password: string,
  rememberMe = false,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { origin: APP_ORIGIN },
    payload: { email, password, rememberMe },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const token = response.json().sessionToken as string;
  return { token, cookie: `brigade_session=${token}` };
}

/** A request as a browser makes it: session cookie plus an Origin header from one of Brigade's apps. */
export function asBrowser(
  app: FastifyInstance,
  session: Session | null,
  options: InjectOptions & { method: InjectOptions['method']; url: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { origin: APP_ORIGIN, ...(session ? { cookie: session.cookie } : {}), ...options.headers },
  }) as Promise<LightMyRequestResponse>;
}

/** A request as a script makes it: bearer token, no cookie, no Origin. */
export function asBearer(
  app: FastifyInstance,
  session: Session,
  options: InjectOptions & { method: InjectOptions['method']; url: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { authorization: `Bearer ${session.token}`, ...options.headers },
  }) as Promise<LightMyRequestResponse>;
}
