import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brigade/test-utils/ports';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const HOST = '127.0.0.1';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 2xx, the process dies (`isAlive` false) or `timeoutMs` passes. */
export async function waitFor(url: string, timeoutMs: number, isAlive: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  return false;
}

/** The ports a browser-test server listens on: the API and one per app, as in development. */
export interface ServerPorts {
  api: number;
  auth: number;
  management: number;
  admin: number;
  menu: number;
  site: number;
}

export async function freeServerPorts(): Promise<ServerPorts> {
  return {
    api: await freePort(),
    auth: await freePort(),
    management: await freePort(),
    admin: await freePort(),
    menu: await freePort(),
    site: await freePort(),
  };
}

/**
 * The key that seals payment credentials in every browser-test server. Fixed, because each file's server
 * reads credentials the template's server sealed; under NODE_ENV=test without one, each server would pick a
 * random key of its own (apps/server/src/payments-runtime.ts).
 */
const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** The server's environment for a browser test: its ports, its own data directory, the embedded database. */
export function serverEnvironment(options: {
  dataDir: string;
  ports: ServerPorts;
  origins?: string[];
}): Record<string, string> {
  const { dataDir, ports } = options;
  return {
    PORT: String(ports.api),
    AUTH_APP_PORT: String(ports.auth),
    MANAGEMENT_APP_PORT: String(ports.management),
    ADMIN_APP_PORT: String(ports.admin),
    MENU_APP_PORT: String(ports.menu),
    SITE_PORT: String(ports.site),
    BRIGADE_DATA_DIR: dataDir,
    BRIGADE_MEDIA_DIR: join(dataDir, 'media'),
    DATABASE_URL: '',
    SECRETS_KEY: TEST_SECRETS_KEY,
    LOG_LEVEL: 'warn',
    BRIGADE_APP_ORIGINS: (options.origins ?? []).join(','),
  };
}
