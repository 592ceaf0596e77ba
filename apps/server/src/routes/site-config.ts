import {
  addColorScheme,
  addFallbackImage,
  addLayoutTemplate,
  chooseHeroImage,
  createSiteConfig,
  getEffectiveSiteConfig,
  getSiteConfig,
  initializeSiteConfig,
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
import type { Actor } from '@brigade/domain/access';
import type { SiteConfiguration } from '@brigade/domain/site-config';
import { implement, success } from '../plugins/contract-routes';

const result = (siteConfig: SiteConfiguration) => success({ siteConfig });
// spec 01 §3 lastModifiedBy: the signed-in administrator's user id (the routes that write are site-admin only).
const by = (actor: Actor) => (actor.kind === 'user' ? actor.userId : 'system');

export const siteConfigRoutes = [
  implement(getSiteConfig, async ({ deps }) => result(await getSiteConfiguration(deps.database.db))),
  implement(createSiteConfig, async ({ body, actor, deps }) =>
    result(await createSiteConfiguration(deps.database.db, body, by(actor))),
  ),
  implement(initializeSiteConfig, async ({ actor, deps }) =>
    success(await initializeDefaultSiteConfiguration(deps.database.db, by(actor))),
  ),
  implement(updateSiteConfig, async ({ body, actor, deps }) =>
    result(await updateSiteConfiguration(deps.database.db, body, by(actor))),
  ),
  implement(addLayoutTemplate, async ({ body, actor, deps }) =>
    result(await entries.addLayoutTemplate(deps.database.db, body, by(actor))),
  ),
  implement(updateLayoutTemplate, async ({ params, body, actor, deps }) =>
    result(await entries.updateLayoutTemplate(deps.database.db, params.templateId, body, by(actor))),
  ),
  implement(removeLayoutTemplate, async ({ params, actor, deps }) =>
    result(await entries.removeLayoutTemplate(deps.database.db, params.templateId, by(actor))),
  ),
  implement(addColorScheme, async ({ body, actor, deps }) =>
    result(await entries.addColorScheme(deps.database.db, body, by(actor))),
  ),
  implement(updateColorScheme, async ({ params, body, actor, deps }) =>
    result(await entries.updateColorScheme(deps.database.db, params.schemeId, body, by(actor))),
  ),
  implement(addFallbackImage, async ({ body, actor, deps }) =>
    result(await entries.addFallbackImage(deps.database.db, body, by(actor))),
  ),
  implement(updateFallbackImage, async ({ params, body, actor, deps }) =>
    result(await entries.updateFallbackImage(deps.database.db, params.imageId, body, by(actor))),
  ),
  implement(removeFallbackImage, async ({ params, actor, deps }) =>
    result(await entries.removeFallbackImage(deps.database.db, params.imageId, by(actor))),
  ),
  implement(setFallbackTexts, async ({ body, actor, deps }) =>
    result(await entries.setFallbackTexts(deps.database.db, body, by(actor))),
  ),
  implement(chooseHeroImage, async ({ query, deps }) =>
    success({ heroImage: await chooseSiteHeroImage(deps.database.db, query) }),
  ),
  implement(getEffectiveSiteConfig, async ({ params, deps }) =>
    success(await getEffectiveSiteConfiguration(deps.database.db, params.slug)),
  ),
];
