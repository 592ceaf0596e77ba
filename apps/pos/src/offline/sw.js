/*
 * The register's service worker (docs/behaviour/pos.md#offline, decision 063). Written by hand and filled in
 * at build time by apps/pos/vite-offline.ts, which replaces the two placeholders below with the build's
 * version and the list of files it wrote. It keeps:
 * - the app shell (index.html and every built asset): cached at install, served from the cache, so the
 *   register opens with the server stopped;
 * - the reads the register needs to open (the session, the staff member's organisations and restaurants,
 *   the register's menu, the drawer, the lock settings): fetched from the network first, their last answer
 *   kept and served only when the network fails, marked with `x-brigade-offline: cache` so the register
 *   knows it is offline.
 * Nothing else is cached: writes always go to the network (a sale made offline waits in IndexedDB).
 */
const VERSION = '__BRIGADE_VERSION__';
const SHELL = __BRIGADE_SHELL__;
const BASE = '/pos/';
const SHELL_CACHE = `brigade-pos-shell-${VERSION}`;
const READS_CACHE = 'brigade-pos-reads';
const KEPT_READS = [
  /^\/api\/v1\/auth\/session\/state$/,
  /^\/api\/v1\/me\/tenants(?:\/\d+\/restaurants)?$/,
  /^\/api\/v1\/tenants\/\d+\/restaurants\/\d+\/pos\/(?:register|drawer)$/,
  /^\/api\/v1\/tenants\/\d+\/restaurants\/\d+\/time-clock\/settings$/,
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map((file) => BASE + file)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('brigade-pos-shell-') && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(BASE)) {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith(`${BASE}assets/`)) {
    event.respondWith(asset(request));
  } else if (KEPT_READS.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(keptRead(request, url));
  }
});

/** A page of the register: the network's answer, else the cached app shell (the router does the rest). */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(`${BASE}index.html`, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** A built asset never changes (its name is its hash): the cache first. */
async function asset(request) {
  const cached = await caches.match(request, { ignoreVary: true });
  return cached ?? fetch(request);
}

/** A read the register opens with: the network first; its last good answer when the network fails. */
async function keptRead(request, url) {
  const cache = await caches.open(READS_CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      await cache.put(request, answer.clone());
      // signed out: nothing of the last staff member's may open the register offline
      if (url.pathname === '/api/v1/auth/session/state') await forgetIfSignedOut(answer.clone());
    }
    return answer;
  } catch (error) {
    const cached = await cache.match(request, { ignoreVary: true });
    if (!cached) throw error;
    const headers = new Headers(cached.headers);
    headers.set('x-brigade-offline', 'cache');
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

async function forgetIfSignedOut(answer) {
  const body = await answer.json().catch(() => null);
  if (body?.data?.user === null) await caches.delete(READS_CACHE);
}
