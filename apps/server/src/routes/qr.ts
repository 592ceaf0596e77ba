import { getPublicMenuLink, getPublicMenuQr } from '@brigade/contracts/qr';
import { type PublicSites, publicMenuTarget, qrPng, qrSvg } from '@brigade/core/qr/menu-qr';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { implement, success } from '../plugins/contract-routes';

/**
 * Where the public sites are for a restaurant without a usable primary domain: PUBLIC_URL in production;
 * in development the sites' port (3004) on the host the caller used, so a phone on the same network that
 * scans a code printed from http://192.168.1.5:3003 reaches http://192.168.1.5:3004. Slug addresses are
 * served only there, on the site port: with PUBLIC_URL set, or without SITE_PORT, the link names one of
 * the restaurant's domains instead (docs/behaviour/menu-display-and-qr.md#public-menu-link).
 */
export function publicSitesFor(
  config: Pick<Config, 'publicUrl' | 'sitePort'>,
  request: FastifyRequest,
): PublicSites {
  if (config.publicUrl) return { origin: new URL(config.publicUrl).origin, servesSlugs: false };
  const hostname = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/i.test(request.hostname) ? request.hostname : 'localhost';
  if (config.sitePort)
    return { origin: `${request.protocol}://${hostname}:${config.sitePort}`, servesSlugs: true };
  return { origin: `${request.protocol}://${request.host}`, servesSlugs: false };
}

const QR_CACHE = 'public, max-age=300';

export const qrRoutes = [
  implement(getPublicMenuLink, async ({ params, deps, request }) => {
    const { restaurant, url } = await publicMenuTarget(
      deps.database.db,
      params.restaurantGuid,
      publicSitesFor(deps.config, request),
    );
    return success({ url, restaurantName: restaurant.name, slug: restaurant.slug });
  }),
  implement(getPublicMenuQr, async ({ params, query, deps, request, reply }) => {
    const { restaurant, url } = await publicMenuTarget(
      deps.database.db,
      params.restaurantGuid,
      publicSitesFor(deps.config, request),
    );
    reply.header('cache-control', QR_CACHE).header('x-menu-url', url);
    if (query.download === '1' || query.download === 'true') {
      reply.header(
        'content-disposition',
        `attachment; filename="${restaurant.slug}-menu-qr.${query.format}"`,
      );
    }
    // The contract has no JSON body: the image is sent here and the route sees the reply as sent.
    if (query.format === 'png') await reply.type('image/png').send(await qrPng(url, query.size));
    else await reply.type('image/svg+xml; charset=utf-8').send(await qrSvg(url));
  }),
];
