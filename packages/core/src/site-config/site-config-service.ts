import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import {
  type EffectiveSiteConfiguration,
  effectiveSiteConfiguration,
} from '@brigade/domain/effective-site-config';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { chooseHeroImage, type HeroImageChoice } from '@brigade/domain/hero-image';
import {
  type CreateSiteConfigurationInput,
  createSiteConfigurationInputSchema,
  defaultSiteConfiguration,
  type SiteConfiguration,
  type SiteConfigurationContent,
  type UpdateSiteConfigurationInput,
  updateSiteConfigurationInputSchema,
} from '@brigade/domain/site-config';
import { withDefaultFlags } from '@brigade/domain/site-config-edits';
import { databaseNow } from '../db-clock';
import { isUniqueViolation } from '../db-errors';
import { getRestaurantBySlug } from '../tenancy/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { validateInput } from '../validate';
import {
  findSiteConfiguration,
  insertSiteConfiguration,
  updateSiteConfigurationRow,
} from './site-config-repository';

const notConfigured = () => notFound('Site configuration not found', 'SITE_CONFIG_NOT_FOUND');
const alreadyExists = () =>
  new BrigadeError('conflict', 'SITE_CONFIG_EXISTS', 'Site configuration already exists');

export async function getSiteConfiguration(deps: UseCaseDeps, _actor: Actor): Promise<SiteConfiguration> {
  return storedConfiguration(deps.db);
}

async function storedConfiguration(ex: Executor): Promise<SiteConfiguration> {
  const config = await findSiteConfiguration(ex);
  if (!config) throw notConfigured();
  return config;
}

const contentOf = ({ lastModified: _m, lastModifiedBy: _b, version: _v, ...content }: SiteConfiguration) =>
  content as SiteConfigurationContent;

/**
 * Creates the one site configuration (version 1). A second one is refused. lastModifiedBy is
 * the acting user's id, "system" for start-up work.
 */
export async function createSiteConfiguration(
  deps: UseCaseDeps,
  actor: Actor,
  input: CreateSiteConfigurationInput,
): Promise<SiteConfiguration> {
  const content = withDefaultFlags(validateInput(createSiteConfigurationInputSchema, input));
  try {
    return await deps.db.transaction(async (tx) =>
      insertSiteConfiguration(tx, stampTemplates(content, await databaseNow(tx)), userIdOf(actor)),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists();
    throw error;
  }
}

// Templates carry createdAt/updatedAt; those the creator did not give get the creation time.
function stampTemplates(content: SiteConfigurationContent, now: Date): SiteConfigurationContent {
  return {
    ...content,
    layoutTemplates: content.layoutTemplates.map((t) => ({
      ...t,
      createdAt: t.createdAt ?? now,
      updatedAt: t.updatedAt ?? now,
    })),
  };
}

/**
 * Initialises the default configuration. Idempotent: when a configuration
 * exists it is returned unchanged with created false, also when two callers race.
 */
export async function initializeDefaultSiteConfiguration(
  deps: UseCaseDeps,
  actor: Actor,
): Promise<{ siteConfig: SiteConfiguration; created: boolean }> {
  const existing = await findSiteConfiguration(deps.db);
  if (existing) return { siteConfig: existing, created: false };
  try {
    return {
      siteConfig: await createSiteConfiguration(deps, actor, defaultSiteConfiguration()),
      created: true,
    };
  } catch (error) {
    if (error instanceof BrigadeError && error.code === 'SITE_CONFIG_EXISTS') {
      return { siteConfig: await storedConfiguration(deps.db), created: false };
    }
    throw error;
  }
}

/**
 * Applies one edit to the stored configuration: locks it, computes the next content, validates it whole
 * (the defaults must still name existing entries) and stores it with version + 1.
 */
export async function editSiteConfiguration(
  deps: UseCaseDeps,
  actor: Actor,
  edit: (content: SiteConfigurationContent, now: Date) => SiteConfigurationContent,
): Promise<SiteConfiguration> {
  return deps.db.transaction(async (tx) => {
    const current = await findSiteConfiguration(tx, { forUpdate: true });
    if (!current) throw notConfigured();
    const next = edit(contentOf(current), await databaseNow(tx));
    const content = withDefaultFlags(validateInput(createSiteConfigurationInputSchema, next));
    const updated = await updateSiteConfigurationRow(tx, content, userIdOf(actor));
    // the row was written but could not be read back
    if (!updated) {
      throw new BrigadeError(
        'internal',
        'SITE_CONFIG_UPDATE_LOST',
        'Failed to retrieve updated site configuration',
      );
    }
    return updated;
  });
}

/** Update: any editable field; sent lists and nested objects replace the stored ones. */
export function updateSiteConfiguration(
  deps: UseCaseDeps,
  actor: Actor,
  input: UpdateSiteConfigurationInput,
): Promise<SiteConfiguration> {
  const changes = validateInput(updateSiteConfigurationInputSchema, input);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return editSiteConfiguration(deps, actor, (content) => ({ ...content, ...defined }));
}

/** Hero image choice; without a site configuration only the last step (the generic image) remains. */
export async function chooseSiteHeroImage(
  deps: UseCaseDeps,
  _actor: Actor,
  request: { image?: string | undefined; category?: string | undefined },
): Promise<HeroImageChoice> {
  const config = await findSiteConfiguration(deps.db);
  return chooseHeroImage(config?.fallbackImages ?? [], request);
}

/** The effective restaurant configuration, for the public site of the restaurant with this slug. */
export async function getEffectiveSiteConfiguration(
  deps: UseCaseDeps,
  actor: Actor,
  input: { slug: string },
): Promise<EffectiveSiteConfiguration> {
  const restaurant = await getRestaurantBySlug(deps, actor, input);
  return effectiveSiteConfiguration(await storedConfiguration(deps.db), restaurant);
}
