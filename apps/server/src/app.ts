import type { RequestListener } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import type { Endpoint } from '@brigade/contracts/endpoint';
import { ENDPOINTS } from '@brigade/contracts/endpoints';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppDeps } from './deps';
import { createHttpServer, fastifyServerOptions, requestIdOf } from './http-server';
import { loggerOptions, redactBindings } from './logger';
import { apiFrontDoor } from './plugins/api-front-door';
import { type AnswerCompression, compressInOnePiece } from './plugins/compress-in-one-piece';
import { type Implementation, registerContractRoutes } from './plugins/contract-routes';
import { registerIdentity } from './plugins/identity';
import { registerOpenApi } from './plugins/openapi';
import { registerProblemDetails } from './plugins/problem-details';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSite, type SiteFrontDoor } from './plugins/site';
import { registerWebApps } from './plugins/web-apps';
import { adminJobRoutes } from './routes/admin-jobs';
import { adminMessageRoutes } from './routes/admin-messages';
import { adminUserRoutes } from './routes/admin-users';
import { auditLogRoutes } from './routes/audit-log';
import { authRoutes } from './routes/auth';
import { businessListingRoutes } from './routes/business-listing';
import { businessListingAiRoutes } from './routes/business-listing-ai';
import { businessListingPostRoutes } from './routes/business-listing-posts';
import { catalogueRoutes, jobTitleRoutes, menuRoutes } from './routes/catalogue';
import { catalogueTransferRoutes } from './routes/catalogue-transfer';
import { registerCloudPrint } from './routes/cloud-print';
import { domainRoutes } from './routes/domains';
import { registerHealthRoutes } from './routes/health';
import { hostingRoutes } from './routes/hosting';
import { imageRoutes, registerImageSupport } from './routes/images';
import { invitationRoutes } from './routes/invitations';
import { itemBulkRoutes } from './routes/item-bulk';
import { kioskRoutes } from './routes/kiosk';
import { kitchenDisplayRoutes } from './routes/kitchen-display';
import { meRoutes } from './routes/me';
import { menuMoveRoutes } from './routes/menu-moves';
import { menuShareRoutes } from './routes/menu-shares';
import { metaRoutes } from './routes/meta';
import { registerOrderEvents } from './routes/order-events';
import { orderingRoutes } from './routes/ordering';
import { paymentRoutes } from './routes/payments';
import { placeLinkRoutes } from './routes/place-link';
import { placesRoutes } from './routes/places';
import { posRoutes } from './routes/pos';
import { posCheckRoutes } from './routes/pos-checks';
import { printingRoutes } from './routes/printing';
import { qrRoutes } from './routes/qr';
import { reportRoutes } from './routes/reports';
import { restaurantRoutes } from './routes/restaurants';
import { siteConfigRoutes } from './routes/site-config';
import { staffRoutes } from './routes/staff';
import { tenantRoutes } from './routes/tenants';
import { websitePreviewRoutes } from './routes/website-preview';

export const IMPLEMENTATIONS: readonly Implementation[] = [
  ...metaRoutes,
  ...authRoutes,
  ...meRoutes,
  ...adminUserRoutes,
  ...tenantRoutes,
  ...invitationRoutes,
  ...restaurantRoutes,
  ...siteConfigRoutes,
  ...catalogueRoutes,
  ...jobTitleRoutes,
  ...menuRoutes,
  ...menuMoveRoutes,
  ...itemBulkRoutes,
  ...catalogueTransferRoutes,
  ...menuShareRoutes,
  ...domainRoutes,
  ...hostingRoutes,
  ...imageRoutes,
  ...qrRoutes,
  ...websitePreviewRoutes,
  ...auditLogRoutes,
  ...adminJobRoutes,
  ...adminMessageRoutes,
  ...paymentRoutes,
  ...placesRoutes,
  ...businessListingRoutes,
  ...businessListingAiRoutes,
  ...businessListingPostRoutes,
  ...placeLinkRoutes,
  ...orderingRoutes,
  ...reportRoutes,
  ...posRoutes,
  ...posCheckRoutes,
  ...kioskRoutes,
  ...kitchenDisplayRoutes,
  ...staffRoutes,
  ...printingRoutes,
];

export interface BuildAppOptions {
  deps: AppDeps;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** Extra endpoints (tests use them to exercise the machinery); the product's own come from contracts. */
  extraEndpoints?: { endpoints: readonly Endpoint[]; implementations: readonly Implementation[] };
}

/** The API's compression (issue 20): Brotli 4 and gzip 6 cost about a millisecond per 100 KB. */
const API_COMPRESSION: AnswerCompression = {
  threshold: 1024,
  brotliQuality: 4,
  gzipLevel: 6,
  types: /^(?:application\/(?:json|problem\+json|xml)|text\/(?:csv|plain))(?:;|$)/,
};

/**
 * The listener every port serves (the app's own and the development app ports): a stored public site page
 * is answered before Fastify sees the request (plugins/site.ts, issue 20), everything else goes to Fastify.
 */
const listeners = new WeakMap<FastifyInstance, RequestListener>();
export const requestListenerOf = (app: FastifyInstance): RequestListener => listeners.get(app) ?? app.routing;
const frontDoors = new WeakMap<FastifyInstance, SiteFrontDoor>();
/** The answers in front of Fastify alone, site and API (tests tell the two ways apart with it). */
export const frontDoorOf = (app: FastifyInstance): SiteFrontDoor['answer'] =>
  frontDoors.get(app)?.answer ?? (() => false);

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { deps } = options;
  const logger = loggerOptions(deps.config.logLevel) as object;
  // The site's answer for stored pages, set once the site plugin is registered (below).
  const front: SiteFrontDoor = { answer: () => false };
  let fastify: RequestListener = () => {};
  const listener: RequestListener = (request, response) => {
    if (!front.answer(request, response)) fastify(request, response);
  };
  const app = Fastify({
    logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
    trustProxy: deps.config.trustProxy,
    // A caller's (or proxy's) X-Request-Id is kept so one id follows a request across systems.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Slow clients are cut (issue 14): head, whole request, keep-alive and idle limits (decision 017).
    ...fastifyServerOptions(deps.config.http),
    // The same limits, on a server whose listener looks at the site's stored pages first.
    serverFactory: (handler) => {
      fastify = handler;
      return createHttpServer(listener, deps.config.http);
    },
  });
  listeners.set(app, listener);
  frontDoors.set(app, front);
  // JSON is the API's one body type (multipart only for uploads): Fastify's default text/plain parser would
  // hand a string to the JSON schemas, a 400 for what is a 415 (issue 22).
  app.removeContentTypeParser('text/plain');
  redactBindings(app.log);
  // Set when the request arrives (a synchronous hook: no promise per request), kept on every answer.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerProblemDetails(app);
  // First: a public site page (issue 9) is answered before the API's hooks (cookies, identity) run; it
  // carries the same baseline headers, written by the site plugin.
  const site = registerSite(app, deps).answerStored;
  const api = apiFrontDoor(app, deps);
  // In front of Fastify (decision 034): a stored site page, or one of the API's hot reads held in memory.
  front.answer = (request, response) => site(request, response) || api(request, response);
  // Every other answer (apps, API, problems, media) gets helmet's headers (issue 14, decision 017).
  registerSecurityHeaders(app, deps.config);
  await registerCompression(app);
  await app.register(cookie);
  registerIdentity(app, deps);
  registerHealthRoutes(app, deps);
  registerOrderEvents(app, deps);
  registerCloudPrint(app, deps);
  await registerImageSupport(app, deps);
  app.addHook('onClose', () => deps.domains.close());
  app.addHook('onClose', () => deps.orderFeed.close());
  // before the database closes (the caller closes it after the app): the last half minute's funnel counts
  app.addHook('onClose', () => deps.funnel.close().catch(() => undefined));
  app.addHook('onClose', () => deps.payments.close());
  app.addHook('onClose', () => deps.places.close());
  app.addHook('onClose', () => deps.llm.close());
  app.addHook('onClose', () => deps.sms.close());
  app.addHook('onClose', () => deps.businessListing.close());
  app.addHook('onClose', () => deps.changes.close());
  app.addHook('onClose', () => deps.sessions.close());
  const endpoints = [...ENDPOINTS, ...(options.extraEndpoints?.endpoints ?? [])];
  await registerOpenApi(app, endpoints, deps.version);
  registerContractRoutes(
    app,
    endpoints,
    [...IMPLEMENTATIONS, ...(options.extraEndpoints?.implementations ?? [])],
    deps,
  );
  await registerWebApps(app, deps.config);
  return app;
}

/**
 * The API's JSON (and CSV, XML) goes out compressed to a client that accepts it, at a level that costs about a
 * millisecond per 100 KB: a 638 KB resolved menu is ~86 KB gzip. Pages, the apps' files (compressed at build
 * time) and server-sent events have other types and are left alone. Answers up to 64 KB are compressed in one
 * call first (compress-in-one-piece.ts), the longer ones by the plugin's streams, with the same settings.
 */
async function registerCompression(app: FastifyInstance): Promise<void> {
  compressInOnePiece(app, API_COMPRESSION);
  await app.register(compress, {
    global: true,
    threshold: API_COMPRESSION.threshold,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality } },
    zlibOptions: { level: API_COMPRESSION.gzipLevel },
    customTypes: API_COMPRESSION.types,
  });
}
