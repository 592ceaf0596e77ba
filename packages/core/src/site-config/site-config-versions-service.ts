import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import type { SiteConfiguration } from '@brigade/domain/site-config';
import { diffSiteConfigurations, type SiteConfigChange } from '@brigade/domain/site-config-diff';
import type { UseCaseDeps } from '../use-case';
import {
  findSiteConfigurationVersion,
  listSiteConfigurationVersions,
  type SiteConfigurationVersionRow,
} from './site-config-repository';

/**
 * issue 17: the site configuration's version history. Every stored configuration (creation and each update)
 * is kept with who made it and when; two versions can be compared.
 */
export function listSiteConfigVersions(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { limit: number; before?: number | undefined },
): Promise<SiteConfigurationVersionRow[]> {
  return listSiteConfigurationVersions(deps.db, input);
}

const versionNotFound = (version: number) =>
  notFound(`Site configuration version ${version} not found`, 'SITE_CONFIG_VERSION_NOT_FOUND');

export async function getSiteConfigVersion(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { version: number },
): Promise<SiteConfiguration> {
  const config = await findSiteConfigurationVersion(deps.db, input.version);
  if (!config) throw versionNotFound(input.version);
  return config;
}

const bookkeeping = ({ version: _v, lastModified: _m, lastModifiedBy: _b, ...content }: SiteConfiguration) =>
  content;

/** What changed from version `from` to version `to` (either order), entry by entry. */
export async function compareSiteConfigVersions(
  deps: UseCaseDeps,
  actor: Actor,
  input: { from: number; to: number },
): Promise<{ from: SiteConfiguration; to: SiteConfiguration; changes: SiteConfigChange[] }> {
  const from = await getSiteConfigVersion(deps, actor, { version: input.from });
  const to = await getSiteConfigVersion(deps, actor, { version: input.to });
  return { from, to, changes: diffSiteConfigurations(bookkeeping(from), bookkeeping(to)) };
}
