import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineEndpoint } from '@brigade/contracts/endpoint';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { freePort } from '@brigade/test-utils/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestListenerOf } from './app';
import { loadConfig } from './config';
import { listenExtraPort } from './http-server';
import { implement } from './plugins/contract-routes';
import { useTestApp } from './test-app';

/**
 * Security headers on every face of the server (issue 14, decision 017), over real HTTP: the auth,
 * management and menu apps (main port and their own ports), the API's JSON, problem answers (400, 404,
 * 500), media files, the API reference, and the public sites (pages, error screens, static files), in
 * development and in production (HSTS).
 */

const crash = defineEndpoint({
  id: 'testSecurityCrash',
  method: 'GET',
  path: '/test/security/crash',
  summary: 'test',
  tags: ['test'],
  access: { kind: 'public' },
  response: { status: 200, description: 'never' },
});
const extraEndpoints = {
  endpoints: [crash],
  implementations: [
    implement(crash, () => {
      throw new Error('boom');
    }),
  ],
};

const mediaDir = mkdtempSync(join(tmpdir(), 'brigade-headers-media-'));
const MEDIA_KEY = 'tenants/10000001/headers/test-image.webp';
mkdirSync(join(mediaDir, 'tenants/10000001/headers'), { recursive: true });
writeFileSync(join(mediaDir, MEDIA_KEY), Buffer.from('RIFF0000WEBPVP8 '));

const ports = {
  devAuth: await freePort(),
  devSite: await freePort(),
  prodSite: await freePort(),
};
const dev = useTestApp({
  extraEndpoints,
  env: {
    NODE_ENV: 'development',
    // At warn, a stored page is answered in front of Fastify (plugins/site.ts): the same headers are checked.
    LOG_LEVEL: 'warn',
    AUTH_APP_PORT: String(ports.devAuth),
    SITE_PORT: String(ports.devSite),
    BRIGADE_MEDIA_DIR: mediaDir,
  },
});
const prod = useTestApp({
  extraEndpoints,
  env: {
    NODE_ENV: 'production',
    // At warn, a stored page is answered in front of Fastify (plugins/site.ts): the same headers are checked.
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'https://brigade.example.com',
    SITE_PORT: String(ports.prodSite),
    BRIGADE_MEDIA_DIR: mediaDir,
  },
});

const servers: Server[] = [];
beforeAll(async () => {
  await seedDemo(dev.database.db);
  await seedDemo(prod.database.db);
  const limits = loadConfig({}).http;
  servers.push(await listenExtraPort(requestListenerOf(dev.app), ports.devAuth, '127.0.0.1', limits));
  servers.push(await listenExtraPort(requestListenerOf(dev.app), ports.devSite, '127.0.0.1', limits));
  servers.push(await listenExtraPort(requestListenerOf(prod.app), ports.prodSite, '127.0.0.1', limits));
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  rmSync(mediaDir, { recursive: true, force: true });
});

// the media storage's origin in development (BRIGADE_MEDIA_URL's default: the API's own address)
const MEDIA_ORIGIN = new URL(loadConfig({ NODE_ENV: 'development' }).media.baseUrl).origin;
const devSite = () => `http://127.0.0.1:${ports.devSite}`;
const prodSite = () => `http://127.0.0.1:${ports.prodSite}`;

/** A CSP header as directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  expect(header, `no Content-Security-Policy on ${response.url}`).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectBaseline(response: Response, { hsts }: { hsts: boolean }) {
  const h = response.headers;
  const where = `${response.status} ${response.url}`;
  expect(h.get('x-content-type-options'), where).toBe('nosniff');
  expect(h.get('x-frame-options'), where).toBe('DENY');
  expect(h.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(h.get('cross-origin-opener-policy'), where).toBe('same-origin');
  expect(h.get('x-powered-by'), where).toBeNull();
  if (hsts) expect(h.get('strict-transport-security'), where).toBe('max-age=31536000');
  else expect(h.get('strict-transport-security'), where).toBeNull();
}

/** The policy of the apps and the API: nothing inline, nothing framed. */
function expectAppPolicy(response: Response) {
  const policy = policyOf(response);
  expect(policy.get('frame-ancestors'), response.url).toEqual(["'none'"]);
  expect(policy.get('script-src'), response.url).toEqual(["'self'"]);
  expect(policy.get('style-src'), response.url).toEqual(["'self'"]);
  expect(policy.get('object-src'), response.url).toEqual(["'none'"]);
  expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  return policy;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1]!,
  );
const inlineStyles = (html: string) =>
  [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);

describe('the apps (auth, management, menu)', () => {
  it('sends the sign-in page with frame-ancestors none, X-Frame-Options DENY and no inline script', async () => {
    for (const url of [`${dev.baseUrl}/auth/`, `http://127.0.0.1:${ports.devAuth}/auth/`]) {
      const response = await fetch(url);
      expect(response.status, `${url}: run npm run build:web first`).toBe(200);
      expectBaseline(response, { hsts: false });
      const policy = expectAppPolicy(response);
      // loopback outside production: the Places emulator's photos (production: see below)
      expect(policy.get('img-src')).toEqual([
        "'self'",
        'data:',
        'https:',
        MEDIA_ORIGIN,
        'http://127.0.0.1:*',
        'http://localhost:*',
      ]);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      const html = await response.text();
      // A script in index.html would be refused by script-src 'self': it belongs in a file.
      expect(inlineScripts(html)).toEqual([]);
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(html).not.toMatch(/\sstyle=/);
    }
  });

  it('sends the same headers on every app page, client route and asset', async () => {
    for (const path of [
      '/auth/sign-up',
      '/admin/',
      '/admin/users',
      '/manage/',
      '/manage/menus',
      '/menu/',
      '/menu/display',
    ]) {
      const response = await fetch(`${dev.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expectBaseline(response, { hsts: false });
      expectAppPolicy(response);
      const html = await response.text();
      expect(inlineScripts(html), path).toEqual([]);
      expect(html, path).not.toMatch(/<style|\sstyle=/);
      // the bundle itself, as a file: nosniff makes the browser hold it to its JavaScript type
      const asset = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      expect(asset, path).toBeTruthy();
      const script = await fetch(`${dev.baseUrl}${asset}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
      expectBaseline(script, { hsts: false });
      expectAppPolicy(script);
    }
  });
});

describe('the register', () => {
  it('may call its print bridge on its own machine, and nowhere else; its worker says the same', async () => {
    for (const path of ['/pos/', '/pos/drawer', '/pos/sw.js']) {
      const response = await fetch(`${dev.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expectBaseline(response, { hsts: false });
      const policy = expectAppPolicy(response);
      expect(policy.get('connect-src'), path).toEqual([
        "'self'",
        'http://127.0.0.1:*',
        'http://localhost:*',
        'https://127.0.0.1:*',
        'https://localhost:*',
      ]);
    }
    // in production too, where a call to http://127.0.0.1 must not be upgraded to https
    const prodRegister = policyOf(await fetch(`${prod.baseUrl}/pos/`));
    expect(prodRegister.get('connect-src')).toContain('http://127.0.0.1:*');
    expect(prodRegister.has('upgrade-insecure-requests')).toBe(false);
    // the other apps call nothing but their own origin
    expect(policyOf(await fetch(`${dev.baseUrl}/manage/`)).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('the API', () => {
  it('sends the baseline and a strict policy on JSON, health and the OpenAPI document', async () => {
    for (const path of ['/api/v1', '/healthz', '/readyz', '/api/v1/openapi.json']) {
      const response = await fetch(`${dev.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expectBaseline(response, { hsts: false });
      expectAppPolicy(response);
    }
  });

  it('sends them on problem answers: 400, 404 and 500', async () => {
    const badJson = await fetch(`${dev.baseUrl}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    const notFound = await fetch(`${dev.baseUrl}/api/v1/nothing-here`);
    const missingAsset = await fetch(`${dev.baseUrl}/manage/assets/missing-0000.js`);
    const crashed = await fetch(`${dev.baseUrl}/api/v1/test/security/crash`);
    expect([badJson.status, notFound.status, missingAsset.status, crashed.status]).toEqual([
      400, 404, 404, 500,
    ]);
    for (const response of [badJson, notFound, missingAsset, crashed]) {
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expectBaseline(response, { hsts: false });
      expectAppPolicy(response);
    }
  });

  it('lets other origins show media images (Cross-Origin-Resource-Policy), with the baseline', async () => {
    const response = await fetch(`${dev.baseUrl}/media/${MEDIA_KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expectBaseline(response, { hsts: false });
    // everything else keeps helmet's same-origin
    expect((await fetch(`${dev.baseUrl}/api/v1`)).headers.get('cross-origin-resource-policy')).toBe(
      'same-origin',
    );
  });

  it('gives the API reference its own policy, still not frameable', async () => {
    const response = await fetch(`${dev.baseUrl}/api/v1/docs/static/index.html`);
    expect(response.status).toBe(200);
    expectBaseline(response, { hsts: false });
    const policy = policyOf(response);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });
});

describe('the public sites', () => {
  it('sends a per-page policy: no unsafe-inline, the script and stylesheet by the hashes of what is served', async () => {
    // home, menu, not found (Development Mode), and the error screen with "Try Again" (its one script)
    const faces = [
      { path: '/harbor-grill', status: 200, script: false },
      { path: '/harbor-grill/menu', status: 200, script: false },
      { path: '/lantern-noodle-bar', status: 200, script: false },
      { path: '/no-such-restaurant', status: 404, script: false },
      { path: '/?tenant=00000000-0000-4000-8000-000000000000', status: 400, script: true },
    ];
    for (const face of faces) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const response = await fetch(`${devSite()}${face.path}`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(response.status, face.path).toBe(face.status);
        expectBaseline(response, { hsts: false });
        const policy = policyOf(response);
        const header = response.headers.get('content-security-policy')!;
        expect(header, face.path).not.toContain('unsafe-inline');
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('default-src')).toEqual(["'none'"]);
        expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', MEDIA_ORIGIN]);
        const html = await response.text();
        const scripts = inlineScripts(html);
        expect(scripts.length, face.path).toBe(face.script ? 1 : 0);
        for (const script of scripts) expect(policy.get('script-src'), face.path).toContain(sha256(script));
        const styles = inlineStyles(html);
        expect(styles.length, face.path).toBe(1);
        expect(policy.get('style-src'), face.path).toEqual(styles.map(sha256));
        // style-src by hash refuses style attributes: pages must have none
        expect(html, face.path).not.toMatch(/\sstyle=/);
      }
    }
  });

  it('sends the baseline on static files of the sites', async () => {
    const response = await fetch(`${devSite()}/hero-food-default.jpg`);
    expect(response.status).toBe(200);
    expectBaseline(response, { hsts: false });
  });
});

describe('production', () => {
  it('adds HSTS (TLS ends at the proxy) and upgrade-insecure-requests on every face', async () => {
    const responses = await Promise.all([
      fetch(`${prod.baseUrl}/auth/`),
      fetch(`${prod.baseUrl}/manage/`),
      fetch(`${prod.baseUrl}/api/v1`),
      fetch(`${prod.baseUrl}/api/v1/nothing-here`),
      fetch(`${prod.baseUrl}/api/v1/test/security/crash`),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 404, 500]);
    for (const response of responses) {
      expectBaseline(response, { hsts: true });
      const policy = expectAppPolicy(response);
      expect(policy.get('upgrade-insecure-requests')).toEqual([]);
      expect(policy.get('img-src')).toContain('https://brigade.example.com');
      expect(policy.get('img-src')).not.toContain('http://127.0.0.1:*');
    }
    for (const path of ['/harbor-grill', '/hero-food-default.jpg']) {
      const page = await fetch(`${prodSite()}${path}`);
      expect(page.status).toBe(200);
      expectBaseline(page, { hsts: true });
    }
  });
});
