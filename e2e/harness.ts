import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import { freePort } from '@brigade/test-utils/ports';
import { TEST_SERVER_NODE_FLAGS } from '@brigade/test-utils/server-flags';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { freeServerPorts, HOST, REPO_ROOT, serverEnvironment, sleep, waitFor } from './server-process';

export { REPO_ROOT };
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results/screenshots');
const AUTH_DIST = join(REPO_ROOT, 'apps/auth/dist');

// Debian's Chromium, driven by playwright-core (browser downloads do not work here).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export { freePort };

/**
 * Screenshots are for people to look at (test-results/screenshots); no test reads them. E2E_SCREENSHOTS=off
 * (set by .ci/run, whose clone nobody looks into) skips taking them: a tenth of the browser tests' time.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';
function skipScreenshots(page: Page) {
  page.screenshot = async () => Buffer.alloc(0);
}

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed: the same engine as
 * /usr/bin/chromium without the browser's own UI, which costs a 2-core machine a renderer per window; the full
 * browser otherwise.
 */
export const CHROMIUM_PATH = existsSync('/usr/bin/chromium-headless-shell')
  ? '/usr/bin/chromium-headless-shell'
  : '/usr/bin/chromium';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * Another app on another origin, as in development (apps on ports 3000–3005 of one host): it serves the
 * built auth bundle under /auth/ and proxies /api to the API, like each dev port does. Sign-in returns here
 * with the handoff code, and the bundle's token handler exchanges it for this origin's session.
 */
export async function startAppOrigin(port: number, apiPort: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = httpRequest(
        { host: HOST, port: apiPort, path: url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502).end();
      });
      req.pipe(upstream);
      return;
    }
    if (!url.startsWith('/auth')) {
      res.writeHead(302, { location: '/auth/' }).end();
      return;
    }
    const wanted = normalize(
      decodeURIComponent(url.split('?')[0]!.replace(/^\/auth\/?/, '')) || 'index.html',
    );
    let file = join(AUTH_DIST, wanted);
    if (!file.startsWith(AUTH_DIST) || !existsSync(file) || !statSync(file).isFile()) {
      file = join(AUTH_DIST, 'index.html');
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
  return server;
}

export interface Harness {
  apiPort: number;
  api: string;
  authOrigin: string;
  targetOrigin: string;
  /** A free origin the server trusts, for tests that serve their own page (e.g. a component fixture). */
  fixturePort: number;
  fixtureOrigin: string;
  /** The management app (/manage/), the menu display (/menu/) and the public sites, each on its own port. */
  managementOrigin: string;
  /** The site administration app (/admin/) on its own port (3001 in development). */
  adminOrigin: string;
  menuOrigin: string;
  siteOrigin: string;
  browser: Browser;
  newContext: (viewport?: { width: number; height: number }) => Promise<BrowserContext>;
  /** What the server wrote to stdout and stderr so far (its log; at LOG_LEVEL info, the development mail). */
  serverOutput: () => string;
  stop: () => Promise<void>;
}

export interface HarnessOptions {
  /** Environment of the server on top of the harness's own (e.g. LOG_LEVEL: 'info' to see mail in the log). */
  env?: Record<string, string>;
}

/**
 * Starts the real server (its bundle, as `npm start` runs it) on free ports with its own copy of the run's
 * migrated and seeded data directory, a second app origin, and Chromium. Every test gets its own browser context (fresh cookies and storage).
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!existsSync(join(AUTH_DIST, 'index.html'))) {
    throw new Error('apps/auth/dist is missing: run `npm run build:web` first');
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const ports = await freeServerPorts();
  const [apiPort, targetPort, fixturePort] = [ports.api, await freePort(), await freePort()];
  // the management app (3005), the menu display (3003) and the public sites (3004) on their own ports
  const managementOrigin = `http://${HOST}:${ports.management}`;
  const adminOrigin = `http://${HOST}:${ports.admin}`;
  const menuOrigin = `http://${HOST}:${ports.menu}`;
  const siteOrigin = `http://${HOST}:${ports.site}`;
  const authOrigin = `http://${HOST}:${ports.auth}`;
  const targetOrigin = `http://${HOST}:${targetPort}`;
  const fixtureOrigin = `http://${HOST}:${fixturePort}`;
  // a copy of the run's migrated and seeded data directory, served by the server's bundle (global-setup.ts)
  const { serverBundle, templateDir } = inject('brigadeE2e');
  const dataDir = mkdtempSync(join(tmpdir(), 'brigade-e2e-'));
  cpSync(templateDir, dataDir, { recursive: true });
  let output = '';
  const origins = [
    authOrigin,
    targetOrigin,
    fixtureOrigin,
    managementOrigin,
    adminOrigin,
    menuOrigin,
    siteOrigin,
  ];
  const child: ChildProcess = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, serverBundle], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...serverEnvironment({ dataDir, ports, origins }), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, so that anything it starts goes with it at the end
    detached: true,
  });
  const signalServer = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  let exited = false;
  // should the test process die without running stop(), take the server down with it
  const killOnExit = () => signalServer('SIGKILL');
  process.once('exit', killOnExit);
  child.on('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });

  const servers: Server[] = [];
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      signalServer('SIGTERM');
      await Promise.race([gone, sleep(5_000)]);
      if (!exited) signalServer('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const api = `http://${HOST}:${apiPort}`;
    if (!(await waitFor(`${api}/healthz`, 60_000, () => !exited))) {
      throw new Error(`The server did not become healthy:\n${output.slice(-4000)}`);
    }
    // The server itself serves the auth app on AUTH_APP_PORT; the tests depend on it.
    if (!(await waitFor(`${authOrigin}/auth/`, 10_000, () => !exited))) {
      throw new Error(`${authOrigin}/auth/ does not serve the auth app:\n${output.slice(-4000)}`);
    }
    servers.push(await startAppOrigin(targetPort, apiPort));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const launched = browser;
    return {
      apiPort,
      api,
      authOrigin,
      targetOrigin,
      fixturePort,
      fixtureOrigin,
      managementOrigin,
      adminOrigin,
      menuOrigin,
      siteOrigin,
      browser: launched,
      // The browser sits where the demo restaurants are (America/New_York, the tenant's zone): the management
      // screens read "today" from the browser's clock, as an owner editing on site does.
      newContext: async (viewport = { width: 1280, height: 800 }) => {
        const context = await launched.newContext({ viewport, timezoneId: TENANT_CREATION_TIMEZONE });
        if (!SCREENSHOTS) context.on('page', skipScreenshots);
        return context;
      },
      serverOutput: () => output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A JSON call to the API from the test (bearer token; Origin of the auth app, an allowed origin). */
export async function apiCall<T = unknown>(
  harness: Pick<Harness, 'api' | 'authOrigin'>,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    origin: harness.authOrigin,
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${harness.api}/api/v1${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export const DEMO_ADMIN = { email: 'admin@brigade.local', password: 'brigade-admin' };
export const DEMO_OWNER = { email: 'owner@brigade.local', password: 'brigade-owner' };
export const DEMO_TENANT_ID = 10000001;

export async function signInByApi(harness: Pick<Harness, 'api' | 'authOrigin'>, who: typeof DEMO_ADMIN) {
  const result = await apiCall<{ sessionToken: string }>(harness, 'POST', '/auth/signin', { body: who });
  if (result.status !== 200)
    throw new Error(`Sign-in as ${who.email} failed: ${JSON.stringify(result.body)}`);
  return result.body.sessionToken;
}

export interface FileHarness extends Harness {
  /** The demo owner's session token, signed in by the API once the server is up. */
  ownerToken: string;
}

/**
 * The set-up every browser-test file shares: `beforeAll` starts the server, the app origins and Chromium
 * (startHarness) and signs the demo owner in by the API; `afterAll` stops it all. Call it once at the top of
 * a file; the object it returns is filled in by `beforeAll`, so read it in hooks and tests (not at import).
 *
 *   const harness = useHarness();
 *   it('...', async () => { await signInToManagement(page, harness); ... harness.ownerToken ... });
 */
export function useHarness(options: HarnessOptions = {}): FileHarness {
  const harness = {} as FileHarness;
  beforeAll(async () => {
    Object.assign(harness, await startHarness(options));
    harness.ownerToken = await signInByApi(harness, DEMO_OWNER);
  }, 120_000);
  afterAll(async () => {
    await harness.stop?.();
  });
  return harness;
}
