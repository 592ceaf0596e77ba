import type { IncomingMessage, ServerResponse } from 'node:http';
import { getSession } from '@brigade/contracts/auth';
import { API_BASE_PATH, type Endpoint } from '@brigade/contracts/endpoint';
import { getMenu } from '@brigade/contracts/menus';
import { catalogueScopeOf } from '@brigade/core/catalogue/scope';
import type { Authenticated } from '@brigade/core/identity/session-service';
import { applicationTenantFiltersOn } from '@brigade/core/tenant-scope';
import { type Actor, decideAccess } from '@brigade/domain/access';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { sessionAnswerOf } from '../routes/auth';
import { heldMenu, MENU_CACHE_CONTROL, menuKeyOf } from '../routes/catalogue';
import { type FrontAnswer, frontDoorWriter } from './front-door';
import { actorOfHeld, sessionTokenOf } from './identity';
import { appHeaders } from './security-headers';

/**
 * The API's hottest reads answered in front of Fastify (issue 20, decision 034), as the public sites' stored
 * pages are: GET /auth/session and a resolved menu (GET …/menus/{menuGroupId}, without ?at=). A request is
 * taken only when everything it needs is already in memory: a session held by the session cache, access
 * allowed by the same `decideAccess` the routes ask, params and query accepted by the endpoint's own
 * schemas, the restaurant's scope held and the menu document kept (compressed, for a client that takes br
 * or gzip). Anything else (no or unknown session, refused access, a bad parameter, a menu not kept or not
 * compressed yet, ?at=, HEAD) goes to Fastify, which answers it as it always
 * did: this door only ever gives the answer the route would have given, with the same headers and bytes
 * (api-front-door.int.test.ts compares the two ways).
 */
export function apiFrontDoor(app: FastifyInstance, deps: AppDeps) {
  const writer = frontDoorWriter(app.log, deps.config.trustProxy);
  const security = Object.entries(appHeaders(deps.config)).flat();
  const routes = [sessionRoute(security), menuRoute(deps, security)];
  const cookiesOf = (request: IncomingMessage) => {
    const header = request.headers.cookie;
    return header ? app.parseCookie(header) : {};
  };

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    if (!url.startsWith(API_BASE_PATH)) return false;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const route = routes.find((candidate) => candidate.pattern.test(path));
    if (!route) return false;
    const { token } = sessionTokenOf(request.headers.authorization, cookiesOf(request));
    const auth = token ? deps.sessions.held(token) : undefined;
    if (!auth) return false;
    const write = writer.open(request);
    if (!write) return false;
    const answer = route.answer({
      auth,
      actor: actorOfHeld(auth),
      params: route.pattern.exec(path)!.groups ?? {},
      search: queryAt === -1 ? '' : url.slice(queryAt + 1),
      request,
    });
    if (!answer) return false;
    write(response, answer);
    return true;
  };
}

interface FrontRequest {
  auth: Authenticated;
  actor: Actor;
  /** The path's parameters as they came (strings), named as in the contract's path. */
  params: Record<string, string>;
  /** The query string without its `?`. */
  search: string;
  request: IncomingMessage;
}

interface FrontRoute {
  pattern: RegExp;
  answer(front: FrontRequest): FrontAnswer | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The compress plugin's threshold (app.ts): a longer answer goes to Fastify for a client that takes br or gzip. */
const COMPRESS_THRESHOLD = 1024;

/** GET /auth/session for a session held in memory: the user, serialised once per user. */
function sessionRoute(security: string[]): FrontRoute {
  const headers = [...security, 'content-type', JSON_TYPE];
  return {
    pattern: patternOf(getSession),
    answer({ actor, auth, search, request }) {
      if (search !== '' || decideAccess(actor, getSession.access, undefined) !== 'allow') return null;
      const { json } = sessionAnswerOf(auth.user);
      if (json.length >= COMPRESS_THRESHOLD && request.headers['accept-encoding']) return null;
      return { status: 200, headers, body: json };
    },
  };
}

/** GET …/menus/{menuGroupId} without ?at=, for a restaurant whose scope and document this instance holds. */
function menuRoute(deps: AppDeps, security: string[]): FrontRoute {
  const paramsSchema = getMenu.request?.params;
  const querySchema = getMenu.request?.query;
  if (!paramsSchema || !querySchema) throw new Error('getMenu has params and a query');
  return {
    pattern: patternOf(getMenu),
    answer({ actor, params: raw, search, request }) {
      if (!applicationTenantFiltersOn()) return null;
      if (decideAccess(actor, getMenu.access, Number(raw.tenantId), Number(raw.restaurantId)) !== 'allow')
        return null;
      const params = paramsSchema.safeParse(raw);
      const query = queryOf(search);
      if (!params.success || !query) return null;
      const filter = querySchema.safeParse(query);
      if (!filter.success || filter.data.at !== undefined) return null;
      const scope = deps.scopes.cached(catalogueScopeOf(actor, params.data));
      if (!scope) return null;
      const held = heldMenu(
        deps.menuCache,
        scope,
        menuKeyOf(params.data.menuGroupId, filter.data.channel),
        request.headers['if-none-match'],
        request.headers['accept-encoding'],
      );
      // A copy not compressed yet: Fastify's compress plugin compresses the JSON on the way out.
      if (!held || (held.status === 200 && held.wanted && !held.encoding)) return null;
      const validation = [
        ...security,
        'etag',
        held.etag,
        'cache-control',
        MENU_CACHE_CONTROL,
        'vary',
        'accept-encoding',
      ];
      if (held.status === 304) return { status: 304, headers: validation, body: '' };
      const encoding = held.encoding ? ['content-encoding', held.encoding] : [];
      return {
        status: 200,
        headers: [...validation, 'content-type', JSON_TYPE, ...encoding],
        body: held.body,
      };
    },
  };
}

/** The contract's path as a pattern with named groups: `{tenantId}` matches one path segment. */
const patternOf = (endpoint: Endpoint) =>
  new RegExp(`^${API_BASE_PATH}${endpoint.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);

/** A query string as single values, or null when a name repeats (Fastify would make it a list). */
function queryOf(search: string): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (search === '') return query;
  for (const [name, value] of new URLSearchParams(search)) {
    if (name in query) return null;
    query[name] = value;
  }
  return query;
}
