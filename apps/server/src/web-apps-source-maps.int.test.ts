import { readdirSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWebApps, WEB_APPS } from './plugins/web-apps';

/**
 * No public source maps in production (issue 20 item 2): the build writes them beside the apps' scripts for
 * developers' tools, and a production server answers 404 for them; elsewhere they are served.
 */
async function appFor(env: 'production' | 'development') {
  const app = Fastify();
  await registerWebApps(app, {
    env,
    adminAppPort: undefined,
    managementAppPort: undefined,
    menuAppPort: undefined,
    media: { baseUrl: 'http://127.0.0.1/media' } as never,
    cardpointe: { url: undefined } as never,
    printBridgeSources: [],
  });
  return app;
}

describe('source maps of the web apps', () => {
  for (const web of WEB_APPS) {
    it(`${web.name}: 404 in production, served in development`, async () => {
      const map = readdirSync(`${web.dist}/assets`).find((file) => file.endsWith('.js.map'));
      expect(map, 'the build writes a source map').toBeTruthy();
      const script = map!.slice(0, -'.map'.length);
      const production = await appFor('production');
      const development = await appFor('development');
      try {
        const hidden = await production.inject({ method: 'GET', url: `${web.prefix}assets/${map}` });
        expect(hidden.statusCode).toBe(404);
        expect(hidden.body).not.toContain('"mappings"');
        // The script itself is still there, and so is the map outside production.
        expect(
          (await production.inject({ method: 'GET', url: `${web.prefix}assets/${script}` })).statusCode,
        ).toBe(200);
        const shown = await development.inject({ method: 'GET', url: `${web.prefix}assets/${map}` });
        expect(shown.statusCode).toBe(200);
        expect(shown.body).toContain('"mappings"');
      } finally {
        await production.close();
        await development.close();
      }
    });
  }
});
