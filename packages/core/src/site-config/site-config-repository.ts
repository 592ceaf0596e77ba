import type { Executor } from '@brigade/db/database';
import { siteConfigurations } from '@brigade/db/schema/site-config';
import { BrigadeError } from '@brigade/domain/errors';
import {
  type SiteConfiguration,
  type SiteConfigurationContent,
  siteConfigurationSchema,
} from '@brigade/domain/site-config';
import { eq, sql } from 'drizzle-orm';

type Row = typeof siteConfigurations.$inferSelect;

// spec 01 §8: a stored record the schema rejects is "Invalid site configuration data structure".
function toSiteConfiguration(row: Row): SiteConfiguration {
  const { slot: _slot, createdAt: _createdAt, updatedAt: _updatedAt, ...document } = row;
  const parsed = siteConfigurationSchema.safeParse(document);
  if (!parsed.success) {
    throw new BrigadeError('internal', 'INVALID_SITE_CONFIG', 'Invalid site configuration data structure', {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

const contentColumns = (content: SiteConfigurationContent) => ({
  id: content.id,
  defaultLayoutTemplate: content.defaultLayoutTemplate,
  defaultColorScheme: content.defaultColorScheme,
  layoutTemplates: content.layoutTemplates,
  colorSchemes: content.colorSchemes,
  components: content.components,
  fallbackImages: content.fallbackImages,
  fallbackTexts: content.fallbackTexts,
  allowRestaurantOverrides: content.allowRestaurantOverrides,
  requireApprovalForOverrides: content.requireApprovalForOverrides,
});

/** spec 01 §7.3 "get first": there is one platform-wide record. `forUpdate` locks it for a read-modify-write. */
export async function findSiteConfiguration(
  ex: Executor,
  options: { forUpdate?: boolean } = {},
): Promise<SiteConfiguration | null> {
  const query = ex.select().from(siteConfigurations).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ? toSiteConfiguration(row) : null;
}

/** Version 1, lastModified now (spec 01 §3/§4). Fails with a unique violation when the record exists. */
export async function insertSiteConfiguration(
  ex: Executor,
  content: SiteConfigurationContent,
  modifiedBy: string,
): Promise<SiteConfiguration> {
  const [row] = await ex
    .insert(siteConfigurations)
    .values({ ...contentColumns(content), version: 1, lastModifiedBy: modifiedBy })
    .returning();
  return toSiteConfiguration(row!);
}

/** spec 01 §4: every update adds 1 to the version and records when and by whom. */
export async function updateSiteConfigurationRow(
  ex: Executor,
  content: SiteConfigurationContent,
  modifiedBy: string,
): Promise<SiteConfiguration | null> {
  const [row] = await ex
    .update(siteConfigurations)
    .set({
      ...contentColumns(content),
      version: sql`${siteConfigurations.version} + 1`,
      lastModified: sql`now()`,
      lastModifiedBy: modifiedBy,
      updatedAt: sql`now()`,
    })
    .where(eq(siteConfigurations.slot, 'platform'))
    .returning();
  return row ? toSiteConfiguration(row) : null;
}
