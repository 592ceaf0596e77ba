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

/** Signs in with the password and answers whose session that opened (GET /auth/session's user email). */
export async function emailOfSignIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const session = await signInAs(app, email, password);
  const me = await asBearer(app, session, { method: 'GET', url: '/api/v1/auth/session' });
  return me.json().data.user.email;
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

/** An answer over real HTTP, read like an injected one (statusCode, headers, body, json()). */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON it expects
  json(): any;
}

/**
 * A request over real HTTP to a listening test server (`useTestApp().baseUrl`): as a script (bearer token)
 * when a session is given, else anonymous, from 127.0.0.1.
 */
export async function overHttp(
  baseUrl: string,
  options: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    session?: Session | null;
    payload?: unknown;
    headers?: Record<string, string>;
  },
): Promise<HttpAnswer> {
  const response = await fetch(`${baseUrl}${options.url}`, {
    method: options.method,
    headers: {
      ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.session ? { authorization: `Bearer ${options.session.token}` } : {}),
      ...options.headers,
    },
    ...(options.payload !== undefined ? { body: JSON.stringify(options.payload) } : {}),
  });
  const body = await response.text();
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body,
    json: () => JSON.parse(body),
  };
}
