import { isLocalHost, lookupHost } from '@brigade/core/domains/resolution-service';
import { normalizeDomain } from '@brigade/domain/domain-mapping';
import { SiteHandler, type SiteRequest, type SiteResponse } from '@brigade/site-app/handler';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { baselineHeaders, cardFrameSources } from './security-headers';

/**
 * The public restaurant sites (issue 9, apps/site) on the server's one request handler. A request is a site
 * request when it arrives on the site port (SITE_PORT, 3004 in development) or, anywhere else, when its Host
 * is not one of Brigade's own and names a domain mapping. Site requests are answered in an onRequest hook, so
 * they take precedence over the app routes (the `/` redirect to sign-in among them); the API, media and
 * health paths stay the API's on every host.
 */
export function registerSite(app: FastifyInstance, deps: AppDeps): SiteHandler {
  const handler = new SiteHandler({
    db: deps.database.db,
    hostCache: deps.domains.hostCache,
    menuCache: deps.menuCache,
    listSitesInDevelopmentMode: deps.config.env !== 'production',
    imageOrigins: [new URL(deps.config.media.baseUrl).origin],
    cardFrameOrigins: cardFrameSources(deps.config),
    onError: (error) => app.log.error({ err: error }, 'public site page failed'),
  });
  // helmet's headers for answers that bypass Fastify's reply (decision 017); pages add their own CSP.
  const baseline = baselineHeaders(deps.config);

  // Every committed write, from this instance or another, drops the pages it may have changed (decision 011).
  const unsubscribe = deps.changes.subscribe((change) => handler.invalidate(change));
  app.addHook('onClose', async () => unsubscribe());

  const mediaPrefix = new URL(deps.config.media.baseUrl).pathname.replace(/\/$/, '');
  const apiPaths = new RegExp(`^(/api/|/healthz$|/readyz$|${escapeRegExp(mediaPrefix)}/)`);
  const ownHosts = new Set(
    [deps.config.publicUrl, ...deps.config.appOrigins].flatMap((url) => (url ? [new URL(url).host] : [])),
  );
  const sitePort = deps.config.sitePort;

  const isMappedHost = async (host: string): Promise<boolean> => {
    if (!host || isLocalHost(host) || ownHosts.has(host.toLowerCase())) return false;
    return (await lookupHost(deps.database.db, deps.domains.hostCache, host)) !== null;
  };

  const knownMappedHost = (host: string): boolean =>
    !!host &&
    !isLocalHost(host) &&
    !ownHosts.has(host.toLowerCase()) &&
    !!deps.domains.hostCache.get(normalizeDomain(host.replace(/:\d+$/, '')));

  // A callback hook, so that a stored page is sent without waiting on a promise (the hot path of issue 9).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const url = request.raw.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (apiPaths.test(path)) return done();
    const siteRequest: SiteRequest = {
      method: request.method,
      host: request.host,
      path,
      search: queryAt === -1 ? '' : url.slice(queryAt + 1),
      protocol: request.protocol === 'https' ? 'https' : 'http',
      acceptEncoding: header(request.headers['accept-encoding']),
      ifNoneMatch: header(request.headers['if-none-match']),
    };
    // A finished page goes straight to the socket: nothing of Fastify's reply pipeline (serialisers, onSend
    // hooks) has anything to add to it. Node drops the body of a HEAD answer itself.
    const send = (response: SiteResponse) => {
      reply.hijack();
      reply.raw.writeHead(response.status, {
        ...baseline,
        'content-length': Buffer.byteLength(response.body),
        ...response.headers,
        'x-request-id': request.id,
      });
      reply.raw.end(response.body);
    };
    const onSitePort = sitePort !== undefined && request.raw.socket.localPort === sitePort;
    // On the site port, or on a host the host cache already knows as mapped, a stored page goes out at once.
    if (onSitePort || knownMappedHost(siteRequest.host)) {
      const ready = handler.cached(siteRequest);
      if (ready) return send(ready);
    }
    (async () => {
      if (!(onSitePort || (await isMappedHost(siteRequest.host)))) return done();
      send(await handler.handle(siteRequest));
    })().catch((error: Error) => done(error));
  });
  return handler;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
