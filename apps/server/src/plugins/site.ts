import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLocalHost, lookupHost } from '@brigade/core/domains/resolution-service';
import { enqueue } from '@brigade/core/jobs/jobs';
import { QUEUES } from '@brigade/db/job-queue';
import { normalizeDomain } from '@brigade/domain/domain-mapping';
import type { SiteChange } from '@brigade/site-app/cache';
import { SiteHandler, type SiteRequest, type SiteResponse } from '@brigade/site-app/handler';
import { purgeOf } from '@brigade/site-app/surrogate-keys';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { type FrontAnswer, frontDoorWriter, headerText as header, write } from './front-door';
import { baselineHeaders, cardFrameSources } from './security-headers';

/**
 * Where the server's request listener asks the site first (app.ts): true when it answered the request with
 * a stored page, before Fastify made anything of it.
 */
export interface SiteFrontDoor {
  answer: (request: IncomingMessage, response: ServerResponse) => boolean;
}

/**
 * The public restaurant sites (issue 9, apps/site) on the server's one request handler. A request is a site
 * request when it arrives on the site port (SITE_PORT, 3004 in development) or, anywhere else, when its Host
 * is not one of Brigade's own and names a domain mapping. Site requests are answered in an onRequest hook, so
 * they take precedence over the app routes (the `/` redirect to sign-in among them); the API, media and
 * health paths stay the API's on every host. A stored page is answered even earlier, by `answerStored`, in
 * front of Fastify (issue 20: the cached page at the speed of bare node:http).
 */
export function registerSite(
  app: FastifyInstance,
  deps: AppDeps,
): { handler: SiteHandler; answerStored: SiteFrontDoor['answer'] } {
  const handler = new SiteHandler({
    db: deps.database.db,
    hostCache: deps.domains.hostCache,
    menuCache: deps.menuCache,
    listSitesInDevelopmentMode: deps.config.env !== 'production',
    imageOrigins: [new URL(deps.config.media.baseUrl).origin],
    cardFrameOrigins: cardFrameSources(deps.config),
    onError: (error) => app.log.error({ err: error }, 'public site page failed'),
    heard: () => deps.changes.listening(),
    sharedMaxAgeSeconds: deps.config.cdn.sharedMaxAgeSeconds,
    cdnPurges: deps.config.cdn.provider !== undefined,
  });
  // Every committed write, from this instance or another, drops the pages it may have changed (decision 011),
  // and with a CDN purges its copies of them (each instance that hears it queues the purge; one waits).
  const purge = deps.config.cdn.provider ? cdnPurger(deps, app) : undefined;
  const unsubscribe = deps.changes.subscribe((change) => {
    handler.invalidate(change);
    purge?.(change);
  });
  app.addHook('onClose', async () => unsubscribe());

  const sites = siteRequests(deps);
  // helmet's headers for answers that bypass Fastify's reply (decision 017); pages add their own CSP.
  const frontAnswerOf = frontAnswers(baselineHeaders(deps.config));

  // A callback hook, so that a page is sent without waiting on a promise when it can be.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const siteRequest = sites.of(request.raw, request.host, request.protocol === 'https' ? 'https' : 'http');
    if (!siteRequest) return done();
    // A finished page goes straight to the socket: nothing of Fastify's reply pipeline (serialisers, onSend
    // hooks) has anything to add to it. Node drops the body of a HEAD answer itself.
    const reply_ = (response: SiteResponse) => {
      reply.hijack();
      write(reply.raw, frontAnswerOf(response), request.id);
    };
    const onSitePort = sites.onSitePort(request.raw);
    // On the site port, or on a host the host cache already knows as mapped, a stored page goes out at once.
    if (onSitePort || sites.knownMappedHost(siteRequest.host)) {
      const ready = handler.cached(siteRequest);
      if (ready) return reply_(ready);
    }
    (async () => {
      if (!(onSitePort || (await sites.isMappedHost(siteRequest.host)))) return done();
      reply_(await handler.handle(siteRequest));
    })().catch((error: Error) => done(error));
  });

  const forwarded = forwardedReader(deps.config.trustProxy);
  const writer = frontDoorWriter(app.log, deps.config.trustProxy);
  // Before Fastify (issue 20, decision 034): a stored page for the site port or a known mapped host, with
  // the headers the hook above would send, and at info its access line.
  const answerStored = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const answer = writer.open(request);
    if (!answer) return false;
    const seen = forwarded(request);
    if (!seen) return false;
    const siteRequest = sites.of(request, seen.host, seen.protocol);
    if (!siteRequest || !(sites.onSitePort(request) || sites.knownMappedHost(siteRequest.host))) return false;
    const ready = handler.cached(siteRequest);
    if (!ready) return false;
    answer(response, frontAnswerOf(ready));
    return true;
  };
  return { handler, answerStored };
}

/** Which requests are the sites': their paths and hosts (the API, media and health paths never are). */
function siteRequests(deps: AppDeps) {
  const mediaPrefix = new URL(deps.config.media.baseUrl).pathname.replace(/\/$/, '');
  const apiPaths = new RegExp(`^(/api/|/healthz$|/readyz$|${escapeRegExp(mediaPrefix)}/)`);
  const ownHosts = new Set(
    [deps.config.publicUrl, ...deps.config.appOrigins].flatMap((url) => (url ? [new URL(url).host] : [])),
  );
  const sitePort = deps.config.sitePort;
  const notMapped = (host: string) => !host || isLocalHost(host) || ownHosts.has(host.toLowerCase());
  return {
    /** The site's view of a request, or null for the API's paths. */
    of(raw: IncomingMessage, host: string, protocol: 'http' | 'https'): SiteRequest | null {
      const url = raw.url ?? '/';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      if (apiPaths.test(path)) return null;
      return {
        method: raw.method ?? 'GET',
        host,
        path,
        search: queryAt === -1 ? '' : url.slice(queryAt + 1),
        protocol,
        acceptEncoding: header(raw.headers['accept-encoding']),
        ifNoneMatch: header(raw.headers['if-none-match']),
      };
    },
    onSitePort: (raw: IncomingMessage) => sitePort !== undefined && raw.socket.localPort === sitePort,
    knownMappedHost: (host: string): boolean =>
      !notMapped(host) && !!deps.domains.hostCache.get(normalizeDomain(host.replace(/:\d+$/, ''))),
    isMappedHost: async (host: string): Promise<boolean> =>
      !notMapped(host) && (await lookupHost(deps.database.db, deps.domains.hostCache, host)) !== null,
  };
}

/**
 * A site answer as the front door writes it: the baseline headers and its own, merged once per answer's
 * headers (a stored page's are the same object for every request).
 */
function frontAnswers(baseline: Record<string, string>) {
  const merged = new WeakMap<Record<string, string>, string[]>();
  return (answer: SiteResponse): FrontAnswer => {
    let headers = merged.get(answer.headers);
    if (!headers) {
      headers = Object.entries({ ...baseline, ...answer.headers }).flat();
      merged.set(answer.headers, headers);
    }
    return { status: answer.status, headers, body: answer.body };
  };
}

/**
 * Host and protocol as Fastify reads them (its `trustProxy`): X-Forwarded-Host and -Proto count when every
 * sender is trusted. With a list of proxies, a forwarded request is left to Fastify (null), which checks the
 * sender against the list.
 */
function forwardedReader(trustProxy: AppDeps['config']['trustProxy']) {
  return (request: IncomingMessage): { host: string; protocol: 'http' | 'https' } | null => {
    const headers = request.headers;
    const forwardedHost = header(headers['x-forwarded-host']);
    const forwardedProto = header(headers['x-forwarded-proto']);
    const socketProtocol = (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    const own = { host: headers.host ?? '', protocol: socketProtocol } as const;
    if (trustProxy === false || (forwardedHost === undefined && forwardedProto === undefined)) return own;
    if (trustProxy !== true) return null;
    return {
      host: forwardedHost === undefined ? own.host : lastEntry(forwardedHost),
      protocol:
        forwardedProto === undefined
          ? own.protocol
          : lastEntry(forwardedProto) === 'https'
            ? 'https'
            : 'http',
    };
  };
}

const lastEntry = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Queues the `cdn.purge` of what a change touched (docs/operations/cdn.md), at most one waiting per keys. */
function cdnPurger(deps: AppDeps, app: FastifyInstance) {
  return (change: SiteChange) => {
    const what = purgeOf(change);
    const data = what === 'everything' ? { everything: true } : { keys: what };
    const singletonKey = what === 'everything' ? 'everything' : what.join(' ');
    enqueue(deps.database.db, QUEUES.cdnPurge.name, data, { singletonKey }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not queue the CDN purge of a change'),
    );
  };
}
