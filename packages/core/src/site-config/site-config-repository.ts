import type { Executor } from '@brigade/db/database';
import { users } from '@brigade/db/schema/identity';
import { siteConfigurations, siteConfigurationVersions } from '@brigade/db/schema/site-config';
import { BrigadeError } from '@brigade/domain/errors';
import {
  type SiteConfiguration,
  type SiteConfigurationContent,
  siteConfigurationSchema,
} from '@brigade/domain/site-config';
import { desc, eq, sql } from 'drizzle-orm';

type Row = typeof siteConfigurations.$inferSelect;

// A stored record the schema rejects is "Invalid site configuration data structure".
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

/** "Get first": there is one platform-wide record. `forUpdate` locks it for a read-modify-write. */
export async function findSiteConfiguration(
  ex: Executor,
  options: { forUpdate?: boolean } = {},
): Promise<SiteConfiguration | null> {
  const query = ex.select().from(siteConfigurations).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ? toSiteConfiguration(row) : null;
}

/** Version 1, lastModified now. Fails with a unique violation when the record exists. */
export async function insertSiteConfiguration(
  ex: Executor,
  content: SiteConfigurationContent,
  modifiedBy: string,
): Promise<SiteConfiguration> {
  const [row] = await ex
    .insert(siteConfigurations)
    .values({ ...contentColumns(content), version: 1, lastModifiedBy: modifiedBy })
    .returning();
  return recordVersion(ex, toSiteConfiguration(row!));
}

/** Every update adds 1 to the version and records when and by whom. */
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
  return row ? recordVersion(ex, toSiteConfiguration(row)) : null;
}

/** issue 17: every stored configuration is kept as a version (its number is the configuration's version). */
async function recordVersion(ex: Executor, config: SiteConfiguration): Promise<SiteConfiguration> {
  const { version, lastModified, lastModifiedBy, ...content } = config;
  await ex.insert(siteConfigurationVersions).values({
    version,
    content: JSON.parse(JSON.stringify(content)) as Record<string, unknown>,
    modifiedAt: lastModified,
    modifiedBy: lastModifiedBy,
  });
  return config;
}

export interface SiteConfigurationVersionRow {
  version: number;
  modifiedAt: Date;
  modifiedBy: string;
  modifiedByEmail: string | null;
}

/** The versions, newest first, with the email of who made each (null for "system" or a deleted account). */
export async function listSiteConfigurationVersions(
  ex: Executor,
  options: { limit: number; before?: number | undefined },
): Promise<SiteConfigurationVersionRow[]> {
  const v = siteConfigurationVersions;
  return ex
    .select({
      version: v.version,
      modifiedAt: v.modifiedAt,
      modifiedBy: v.modifiedBy,
      modifiedByEmail: users.email,
    })
    .from(v)
    .leftJoin(users, eq(users.uid, v.modifiedBy))
    .where(options.before === undefined ? undefined : sql`${v.version} < ${options.before}`)
    .orderBy(desc(v.version))
    .limit(options.limit);
}

/** One stored version as the configuration it was, or null. */
export async function findSiteConfigurationVersion(
  ex: Executor,
  version: number,
): Promise<SiteConfiguration | null> {
  const [row] = await ex
    .select()
    .from(siteConfigurationVersions)
    .where(eq(siteConfigurationVersions.version, version));
  if (!row) return null;
  const parsed = siteConfigurationSchema.safeParse({
    ...row.content,
    version: row.version,
    lastModified: row.modifiedAt,
    lastModifiedBy: row.modifiedBy,
  });
  if (!parsed.success) {
    throw new BrigadeError('internal', 'INVALID_SITE_CONFIG', 'Invalid site configuration data structure', {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
