import type {
  ColorScheme,
  FallbackImage,
  FallbackTexts,
  LayoutTemplate,
  SiteComponents,
} from '@brigade/domain/site-config';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// Site configuration: one platform-wide record ("get first"). `slot` can only hold 'platform',
// so a second record cannot exist. Its lists are small, read whole by every public page and written rarely
// by site administrators, so they are JSONB validated by the domain schema on every write.
export const siteConfigurations = pgTable(
  'site_configurations',
  {
    slot: text('slot').primaryKey().default('platform'),
    id: text('id').notNull(),
    defaultLayoutTemplate: text('default_layout_template').notNull(),
    defaultColorScheme: text('default_color_scheme').notNull(),
    layoutTemplates: jsonb('layout_templates').$type<LayoutTemplate[]>().notNull(),
    colorSchemes: jsonb('color_schemes').$type<ColorScheme[]>().notNull(),
    components: jsonb('components').$type<SiteComponents>().notNull(),
    fallbackImages: jsonb('fallback_images').$type<FallbackImage[]>().notNull(),
    fallbackTexts: jsonb('fallback_texts').$type<FallbackTexts>().notNull(),
    allowRestaurantOverrides: boolean('allow_restaurant_overrides').notNull().default(true),
    requireApprovalForOverrides: boolean('require_approval_for_overrides').notNull().default(false),
    // Starts at 1, + 1 on every update
    version: integer('version').notNull().default(1),
    lastModified: timestamp('last_modified', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastModifiedBy: text('last_modified_by').notNull().default('system'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('site_configurations_slot_check', sql`${t.slot} = 'platform'`),
    check('site_configurations_version_check', sql`${t.version} >= 1`),
  ],
);

// issue 17: every stored version of the site configuration, for its history and a diff between two versions.
// The content is the configuration's editable document as the domain schema reads it (without the version
// and who/when, which are columns here); version 1 is the creation.
export const siteConfigurationVersions = pgTable(
  'site_configuration_versions',
  {
    version: integer('version').primaryKey(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifiedBy: text('modified_by').notNull(),
  },
  (t) => [check('site_configuration_versions_version_check', sql`${t.version} >= 1`)],
);
