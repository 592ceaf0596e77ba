import {
  addColorScheme,
  addFallbackImage,
  addLayoutTemplate,
  chooseHeroImage,
  compareSiteConfigVersions,
  createSiteConfig,
  getEffectiveSiteConfig,
  getSiteConfig,
  getSiteConfigVersion,
  initializeSiteConfig,
  listSiteConfigVersions,
  removeFallbackImage,
  removeLayoutTemplate,
  setFallbackTexts,
  updateColorScheme,
  updateFallbackImage,
  updateLayoutTemplate,
  updateSiteConfig,
} from '@brigade/contracts/site-config';
import * as entries from '@brigade/core/site-config/site-config-entries-service';
import {
  chooseSiteHeroImage,
  createSiteConfiguration,
  getEffectiveSiteConfiguration,
  getSiteConfiguration,
  initializeDefaultSiteConfiguration,
  updateSiteConfiguration,
} from '@brigade/core/site-config/site-config-service';
import * as versions from '@brigade/core/site-config/site-config-versions-service';
import type { SiteConfiguration } from '@brigade/domain/site-config';
import { useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

// lastModifiedBy is the acting user's id (the routes that write are site-admin only).
const result = (siteConfig: SiteConfiguration) => success({ siteConfig });

export const siteConfigRoutes = [
  implement(getSiteConfig, async ({ actor, deps }) =>
    result(await getSiteConfiguration(useCaseDeps(deps), actor)),
  ),
  implement(createSiteConfig, async ({ body, actor, deps }) =>
    result(await createSiteConfiguration(useCaseDeps(deps), actor, body)),
  ),
  implement(initializeSiteConfig, async ({ actor, deps }) =>
    success(await initializeDefaultSiteConfiguration(useCaseDeps(deps), actor)),
  ),
  implement(updateSiteConfig, async ({ body, actor, deps }) =>
    result(await updateSiteConfiguration(useCaseDeps(deps), actor, body)),
  ),
  implement(addLayoutTemplate, async ({ body, actor, deps }) =>
    result(await entries.addLayoutTemplate(useCaseDeps(deps), actor, body)),
  ),
  implement(updateLayoutTemplate, async ({ params, body, actor, deps }) =>
    result(await entries.updateLayoutTemplate(useCaseDeps(deps), actor, { ...params, changes: body })),
  ),
  implement(removeLayoutTemplate, async ({ params, actor, deps }) =>
    result(await entries.removeLayoutTemplate(useCaseDeps(deps), actor, params)),
  ),
  implement(addColorScheme, async ({ body, actor, deps }) =>
    result(await entries.addColorScheme(useCaseDeps(deps), actor, body)),
  ),
  implement(updateColorScheme, async ({ params, body, actor, deps }) =>
    result(await entries.updateColorScheme(useCaseDeps(deps), actor, { ...params, changes: body })),
  ),
  implement(addFallbackImage, async ({ body, actor, deps }) =>
    result(await entries.addFallbackImage(useCaseDeps(deps), actor, body)),
  ),
  implement(updateFallbackImage, async ({ params, body, actor, deps }) =>
    result(await entries.updateFallbackImage(useCaseDeps(deps), actor, { ...params, changes: body })),
  ),
  implement(removeFallbackImage, async ({ params, actor, deps }) =>
    result(await entries.removeFallbackImage(useCaseDeps(deps), actor, params)),
  ),
  implement(setFallbackTexts, async ({ body, actor, deps }) =>
    result(await entries.setFallbackTexts(useCaseDeps(deps), actor, body)),
  ),
  implement(chooseHeroImage, async ({ query, actor, deps }) =>
    success({ heroImage: await chooseSiteHeroImage(useCaseDeps(deps), actor, query) }),
  ),
  implement(getEffectiveSiteConfig, async ({ params, actor, deps }) =>
    success(await getEffectiveSiteConfiguration(useCaseDeps(deps), actor, params)),
  ),
  implement(listSiteConfigVersions, async ({ query, actor, deps }) =>
    success({ versions: await versions.listSiteConfigVersions(useCaseDeps(deps), actor, query) }),
  ),
  implement(getSiteConfigVersion, async ({ params, actor, deps }) =>
    result(await versions.getSiteConfigVersion(useCaseDeps(deps), actor, params)),
  ),
  implement(compareSiteConfigVersions, async ({ query, actor, deps }) =>
    success(await versions.compareSiteConfigVersions(useCaseDeps(deps), actor, query)),
  ),
];
