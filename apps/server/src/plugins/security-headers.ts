import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** A route's own helmet options, merged over the app's; `false` sends none (as @fastify/helmet took them). */
    helmet?: HelmetOptions | false;
  }
}

/**
 * Where the payment gateway's hosted card-entry frame may load from (issue 16): CardPointe's sites, the
 * configured gateway, and outside production the local emulator on whatever port it took. The apps' policy
 * and the public sites' ordering pages both allow these.
 */
export const cardFrameSources = (config: Pick<Config, 'env' | 'cardpointe'>): string[] => [
  'https://*.cardconnect.com',
  ...(config.cardpointe.url ? [config.cardpointe.url] : []),
  ...localEmulatorSources(config),
];

/** Outside production the local emulators (CardPointe's frame, Google's place photos) answer on loopback. */
const localEmulatorSources = (config: Pick<Config, 'env'>): string[] =>
  config.env === 'production' ? [] : ['http://127.0.0.1:*', 'http://localhost:*'];

/** A year: the HSTS lifetime browsers and preload lists expect. */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of everything the server answers itself: the auth, admin, management and menu apps
 * (Vite builds: scripts and stylesheets are files, no inline script), the API and its problem answers
 * (docs/decisions/017-security-headers-and-timeouts.md). The public sites send their own policy, with the
 * hashes of their inline stylesheet and script (apps/site/src/csp.ts).
 *
 * - script-src 'self': the built index.html pages load module scripts only (the int tests check that no
 *   inline script creeps in);
 * - style-src 'self' without 'unsafe-inline': stylesheets are files; React applies `style` props through
 *   the CSSOM (element.style), which CSP does not govern, so no inline styles need allowing;
 * - img-src: this origin, data: (the favicon), the media storage, and https: (an item image may be any web
 *   URL); outside production also loopback, where the Places emulator serves its photos;
 * - frame-src 'self' and the card frame: the website editor frames its preview page, which the API answers
 *   on this same origin (docs/decisions/032-website-preview.md); nothing else of this origin may be framed;
 * - frame-ancestors 'none': no page of Brigade may be framed (the sign-in page least of all); the website
 *   preview alone sends its own policy, framed by this origin only.
 */
export function appContentSecurityPolicy(
  config: Pick<Config, 'env' | 'media' | 'cardpointe'>,
): Record<string, string[]> {
  const media = new URL(config.media.baseUrl).origin;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'https:', media, ...localEmulatorSources(config)],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'self'", ...cardFrameSources(config)],
    // Behind TLS every subresource is https; in plain-HTTP development upgrading would break them.
    ...(config.env === 'production' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The register's policy (apps/pos): the apps' own, and its print bridge (docs/behaviour/printing.md#the-print-
 * bridge) may be called: `PRINT_BRIDGE_SOURCES` (by default the register's own machine, http or https on any
 * port). Without `upgrade-insecure-requests`: it would rewrite a call to `http://127.0.0.1:9111` to https,
 * which a bridge on the register's machine does not speak; every subresource of the app is its own origin.
 */
export function registerContentSecurityPolicy(
  config: Pick<Config, 'env' | 'media' | 'cardpointe' | 'printBridgeSources'>,
): string {
  const { 'upgrade-insecure-requests': _upgrade, ...directives } = appContentSecurityPolicy(config);
  directives['connect-src'] = [...(directives['connect-src'] ?? []), ...config.printBridgeSources];
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** The baseline helmet options; HSTS only in production, where TLS ends at the proxy in front. */
export function helmetOptions(config: Pick<Config, 'env' | 'media' | 'cardpointe'>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(config) },
    xFrameOptions: { action: 'deny' },
    // Not helmet's no-referrer: a browser then sends "Origin: null" on same-origin writes, which the
    // API's origin check (decision 007) refuses. The browser default, stated.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // No includeSubDomains: tenant sites live on subdomains and domains Brigade does not control.
    strictTransportSecurity:
      config.env === 'production' ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
  };
}

/** What helmet does to a response, in its order: headers set (the name as helmet writes it) and removed. */
type HeaderWrites = readonly (readonly [name: string, value: string | null])[];

/** Runs helmet once on a recorder and keeps what it wrote, so a request only replays it. */
function recordHelmet(options: HelmetOptions): HeaderWrites {
  const writes: [string, string | null][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      writes.push([name, String(value)]);
    },
    removeHeader: (name: string) => {
      writes.push([name, null]);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return writes;
}

function replay(writes: HeaderWrites, res: ServerResponse): void {
  for (const [name, value] of writes) {
    if (value === null) res.removeHeader(name);
    else res.setHeader(name, value);
  }
}

/**
 * The same baseline as plain headers, without the CSP, for answers written straight to the socket (the
 * public sites: a stored page goes out without Fastify's reply pipeline, so helmet's hook has not run).
 * Taken from helmet itself, so that both kinds of answers carry the same set.
 */
export function baselineHeaders(
  config: Pick<Config, 'env' | 'media' | 'cardpointe'>,
): Record<string, string> {
  return headersOf(recordHelmet({ ...helmetOptions(config), contentSecurityPolicy: false }));
}

/** Every header the app's hook gives an answer (the CSP included), for the API's front door. */
export function appHeaders(config: Pick<Config, 'env' | 'media' | 'cardpointe'>): Record<string, string> {
  return headersOf(recordHelmet(helmetOptions(config)));
}

function headersOf(writes: HeaderWrites): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of writes) {
    if (value === null) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  return headers;
}

/**
 * helmet's headers on every response of the Fastify app (issue 14): the apps on every port, the API's JSON,
 * problem answers (404 and 500 included) and the media files. helmet runs once, at start-up, and every
 * request replays what it wrote (issue 20: @fastify/helmet built helmet's middleware, CSP parsing included,
 * anew for every request), the same names, values and order. A route's own `helmet` options (the media
 * files' cross-origin resource policy) are applied by a hook of that route over the app's set.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'env' | 'media' | 'cardpointe'>,
): void {
  const options = helmetOptions(config);
  const baseline = recordHelmet(options);
  app.addHook('onRequest', (_request, reply, done) => {
    replay(baseline, reply.raw);
    done();
  });
  app.addHook('onRoute', (route) => {
    if (route.helmet === undefined) return;
    const own = route.helmet === false ? [] : recordHelmet({ ...options, ...route.helmet } as HelmetOptions);
    const kept = new Set(own.map(([name]) => name.toLowerCase()));
    // What the app's set wrote and this route's does not is taken away again; the rest is overwritten in place.
    const writes: HeaderWrites = [
      ...baseline.filter(([name]) => !kept.has(name.toLowerCase())).map(([name]) => [name, null] as const),
      ...own,
    ];
    const hook: onRequestHookHandler = (_request, reply, done) => {
      replay(writes, reply.raw);
      done();
    };
    route.onRequest = [hook, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}

/**
 * The API reference page (Swagger UI, /api/v1/docs): its own files, but its JavaScript sets style
 * attributes in markup and draws icons from data: URLs; still not frameable.
 */
export function apiReferencePolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
