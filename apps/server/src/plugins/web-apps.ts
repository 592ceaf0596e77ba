import { existsSync, statSync } from 'node:fs';
import { basename, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { sendProblem } from './problem-details';
import { registerContentSecurityPolicy } from './security-headers';

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** The React apps the server hosts, each under its path prefix (Vite `base`), built to apps/<name>/dist. */
export const WEB_APPS = [
  { name: 'auth', prefix: '/auth/', dist: join(REPO_ROOT, 'apps/auth/dist') },
  { name: 'admin', prefix: '/admin/', dist: join(REPO_ROOT, 'apps/admin/dist') },
  { name: 'management', prefix: '/manage/', dist: join(REPO_ROOT, 'apps/management/dist') },
  { name: 'menu', prefix: '/menu/', dist: join(REPO_ROOT, 'apps/menu/dist') },
  { name: 'pos', prefix: '/pos/', dist: join(REPO_ROOT, 'apps/pos/dist') },
  { name: 'kiosk', prefix: '/kiosk/', dist: join(REPO_ROOT, 'apps/kiosk/dist') },
  { name: 'kitchen', prefix: '/kitchen/', dist: join(REPO_ROOT, 'apps/kitchen/dist') },
] as const;

export interface WebApp {
  name: string;
  prefix: string;
  dist: string;
}

/**
 * Serves each built single-page app under its prefix: files as they are (hashed assets cached for a year,
 * immutable), and index.html for every other path below the prefix so client-side routes survive a reload.
 */
export async function registerWebApps(
  app: FastifyInstance,
  config: Pick<
    Config,
    | 'env'
    | 'adminAppPort'
    | 'managementAppPort'
    | 'menuAppPort'
    | 'media'
    | 'cardpointe'
    | 'printBridgeSources'
  >,
  apps: readonly WebApp[] = WEB_APPS,
): Promise<void> {
  // the register calls its print bridge on the restaurant's network: its pages (and its worker) say where
  const registerPolicy = registerContentSecurityPolicy(config);
  // Source maps are for developers' tools: in production they would publish the apps' sources (issue 20
  // item 2), so they are not found there; the build still writes them, for debugging a copy locally.
  const hideSourceMaps = config.env === 'production';
  // The bare address of an app's own port opens that app; elsewhere a person wants to sign in.
  app.get('/', (request, reply) => {
    const port = request.raw.socket.localPort;
    if (port !== undefined && port === config.managementAppPort) return reply.redirect('/manage/');
    if (port !== undefined && port === config.menuAppPort) return reply.redirect('/menu/');
    if (port !== undefined && port === config.adminAppPort) return reply.redirect('/admin/');
    return reply.redirect('/auth/');
  });
  // one registration gives reply.sendFile; each app passes its own root
  // preCompressed: the build wrote .br and .gz beside each file (scripts/vite-precompress.ts); a browser
  // that accepts one gets it, with Vary: Accept-Encoding.
  await app.register(fastifyStatic, { root: apps[0]!.dist, serve: false, preCompressed: true });
  for (const web of apps) {
    app.get(`${web.prefix.slice(0, -1)}`, (_request, reply) => reply.redirect(web.prefix));
    app.get(`${web.prefix}*`, { logLevel: 'warn' }, (request, reply) => {
      if (!existsSync(join(web.dist, 'index.html'))) return notBuilt(request, reply, web);
      if (web.name === 'pos') reply.header('content-security-policy', registerPolicy);
      const wanted = normalize((request.params as { '*': string })['*'] || 'index.html');
      const file = join(web.dist, wanted);
      // Dot files (the build's input hash, dist/.build-hash) are the build's own notes, not the app's.
      const isFile =
        file.startsWith(web.dist) &&
        !basename(file).startsWith('.') &&
        existsSync(file) &&
        statSync(file).isFile();
      if (hideSourceMaps && wanted.endsWith('.map'))
        return sendProblem(reply, 404, 'ROUTE_NOT_FOUND', `Route GET ${request.url} not found`);
      if (wanted.startsWith('assets/')) {
        // Vite names assets by content hash: a file never changes, so browsers and CDNs may keep it for a year.
        if (!isFile) return sendProblem(reply, 404, 'ROUTE_NOT_FOUND', `Route GET ${request.url} not found`);
        return reply.sendFile(wanted, web.dist, { maxAge: '365d', immutable: true });
      }
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(isFile ? wanted : 'index.html', web.dist, { cacheControl: false });
    });
  }
}

/**
 * An app without a build in place. While `npm start` builds it (into `<dist>.next`, scripts/
 * build-web-if-changed.ts) the answer says so and asks to come back: a browser gets a page that reloads
 * itself, anything else a problem with Retry-After.
 */
function notBuilt(request: FastifyRequest, reply: FastifyReply, web: WebApp) {
  if (!existsSync(`${web.dist}.next`))
    return sendProblem(
      reply,
      503,
      'APP_NOT_BUILT',
      `The ${web.name} app is not built: run npm run build:web`,
    );
  const detail = `The ${web.name} app is being built: try again in a few seconds`;
  reply.header('retry-after', String(BUILDING_RETRY_S));
  if (!request.headers.accept?.includes('text/html')) return sendProblem(reply, 503, 'APP_BUILDING', detail);
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta http-equiv="refresh" content="${BUILDING_RETRY_S}"><title>Starting Brigade</title></head>` +
        `<body><main><h1>Brigade is starting</h1><p>${detail}. This page reloads by itself.</p></main></body></html>`,
    );
}

const BUILDING_RETRY_S = 3;
