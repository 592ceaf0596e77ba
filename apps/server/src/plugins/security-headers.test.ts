import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { helmetOptions, registerSecurityHeaders } from './security-headers';

/**
 * The replayed headers (issue 20) are what @fastify/helmet wrote on every request before: the same header
 * lines, byte for byte and in the same order, on a route, a route with its own options, a 404 and an answer
 * that sets a header helmet also sets.
 */

// What the server registered before; required, not imported, so its typings (which declare the same route
// option with helmet's CommonJS types) stay out of the server's.
const fastifyHelmet = createRequire(import.meta.url)('@fastify/helmet') as FastifyPluginAsync<object>;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function serve(withHelmet: (app: FastifyInstance) => Promise<void>): Promise<string> {
  const app = Fastify({ logger: false });
  apps.push(app);
  await withHelmet(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/media', { helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } } }, async () => 'x');
  app.get('/bare', { helmet: false }, async () => 'x');
  app.get('/own-policy', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('x'),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The header lines as they came over the wire, but the ones that differ between any two answers. */
const headerLines = (url: string) =>
  new Promise<string[]>((resolve, reject) => {
    httpRequest(url, (response) => {
      response.resume();
      const lines: string[] = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        const name = response.rawHeaders[i]!;
        if (!/^(date|keep-alive|connection)$/i.test(name))
          lines.push(`${name}: ${response.rawHeaders[i + 1]}`);
      }
      response.on('end', () => resolve(lines));
    })
      .on('error', reject)
      .end();
  });

describe.each(['development', 'production'] as const)('security headers in %s', (env) => {
  const config = loadConfig({ NODE_ENV: env, PUBLIC_URL: 'https://brigade.example.com' });

  it('are the lines @fastify/helmet wrote, on every kind of answer', async () => {
    const before = await serve(async (app) => {
      await app.register(fastifyHelmet, helmetOptions(config));
    });
    const after = await serve(async (app) => registerSecurityHeaders(app, config));
    for (const path of ['/json', '/media', '/bare', '/own-policy', '/missing']) {
      const expected = await headerLines(before + path);
      expect(await headerLines(after + path), path).toEqual(expected);
    }
    const json = (await headerLines(`${after}/json`)).join('\n');
    expect(json).toContain('Content-Security-Policy: ');
    expect(json).toContain('X-Frame-Options: DENY');
    expect((await headerLines(`${after}/media`)).join('\n')).toContain(
      'Cross-Origin-Resource-Policy: cross-origin',
    );
    expect((await headerLines(`${after}/bare`)).join('\n')).not.toContain('X-Frame-Options');
  });
});
