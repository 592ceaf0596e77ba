import { API_BASE_PATH } from '@brigade/contracts/endpoint';
import { createWebsitePreview, getWebsitePreview } from '@brigade/contracts/website-preview';
import { publicMenuTarget } from '@brigade/core/qr/menu-qr';
import {
  createWebsitePreview as createWebsitePreviewUseCase,
  openWebsitePreview,
  previewNotFound,
  type WebsitePreviewDeps,
} from '@brigade/core/website/website-preview-service';
import { siteLinks } from '@brigade/site-app/links';
import { previewPagePolicy, renderWebsitePreview } from '@brigade/site-app/preview';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { publicSitesFor } from './qr';

const previewDeps = (deps: AppDeps): WebsitePreviewDeps => ({
  ...useCaseDeps(deps),
  box: deps.payments.secrets(),
});

/** The restaurant's public site (its primary domain, else its slug address): where the preview links to. */
async function siteLinksOf(deps: AppDeps, request: FastifyRequest, restaurantGuid: string) {
  const { url } = await publicMenuTarget(
    deps.database.db,
    restaurantGuid,
    publicSitesFor(deps.config, request),
  );
  const site = new URL(url.replace(/\/menu$/, ''));
  return siteLinks(site.origin, site.pathname.replace(/\/$/, ''), '');
}

/** Website previews (docs/decisions/032-website-preview.md). */
export const websitePreviewRoutes = [
  implement(createWebsitePreview, async ({ params, body, actor, deps }) => {
    const { previewId, expiresAt } = await createWebsitePreviewUseCase(previewDeps(deps), actor, {
      ...params,
      websiteConfig: body.websiteConfig,
    });
    const path = `${API_BASE_PATH}/tenants/${params.tenantId}/restaurants/${params.restaurantId}/website/preview?id=${previewId}`;
    return success({ previewId, path, expiresAt: expiresAt.toISOString() });
  }),
  implement(getWebsitePreview, async ({ params, query, actor, deps, request, reply }) => {
    const { restaurant, websiteConfig } = await openWebsitePreview(previewDeps(deps), actor, {
      ...params,
      previewId: query.id,
    });
    const links = await siteLinksOf(deps, request, restaurant.guid);
    const html = await renderWebsitePreview(deps.database.db, deps.menuCache, {
      restaurant,
      draft: websiteConfig,
      links,
    });
    if (html === null) throw previewNotFound();
    const media = new URL(deps.config.media.baseUrl).origin;
    // The contract has no JSON body: the page is sent here, with its own policy in place of the apps' one.
    await reply
      .header('content-security-policy', previewPagePolicy(html, [media], links.origin))
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      // the id is the user's draft: it never leaves in a Referer when a link of the preview is followed
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  }),
];
