import type { RedirectConfig, SeoConfig, StatusChanges } from '@brigade/domain/domain-mapping';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, guid, updatedAt } from './columns';
import { restaurants, tenants } from './tenancy';

// DomainMapping. domain_id comes from the platform counter (from 30000001). Tenants and
// restaurants are referenced by guid as the spec names them; tenant_id is kept beside them so that
// isolation queries ("the mappings of the tenants I manage") need no join.
export const domainMappings = pgTable(
  'domain_mappings',
  {
    domainId: integer('domain_id').primaryKey(),
    guid: guid(),
    // Lowercased by the domain rules before it gets here; unique platform-wide (one host, one restaurant).
    domain: text('domain').notNull(),
    domainType: text('domain_type', { enum: ['custom', 'subdomain'] }).notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenantId, { onDelete: 'restrict' }),
    tenantGuid: uuid('tenant_guid')
      .notNull()
      .references(() => tenants.guid, { onDelete: 'restrict' }),
    restaurantGuid: uuid('restaurant_guid')
      .notNull()
      .references(() => restaurants.guid, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    isPrimary: boolean('is_primary').notNull().default(false),
    sslStatus: text('ssl_status', { enum: ['pending', 'issued', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    verificationStatus: text('verification_status', { enum: ['pending', 'verified', 'failed'] })
      .notNull()
      .default('pending'),
    verificationToken: text('verification_token'),
    redirectConfig: jsonb('redirect_config').$type<RedirectConfig>().notNull(),
    seoConfig: jsonb('seo_config').$type<SeoConfig>().notNull(),
    // Hosting config {domain id, lastVerificationAttempt, verificationError}, plus the attempt count.
    hostingDomainId: text('hosting_domain_id'),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    lastVerificationAttempt: timestamp('last_verification_attempt', { withTimezone: true, mode: 'date' }),
    verificationError: text('verification_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    // The host lookup of resolution and tls-ask is one probe of this index.
    uniqueIndex('domain_mappings_domain_key').on(t.domain),
    index('domain_mappings_tenant_idx').on(t.tenantId, t.createdAt),
    index('domain_mappings_restaurant_idx').on(t.restaurantGuid),
    check('domain_mappings_domain_lower_check', sql`${t.domain} = lower(${t.domain})`),
    check('domain_mappings_type_check', sql`${t.domainType} in ('custom', 'subdomain')`),
    check('domain_mappings_ssl_check', sql`${t.sslStatus} in ('pending', 'issued', 'failed', 'expired')`),
    check(
      'domain_mappings_verification_check',
      sql`${t.verificationStatus} in ('pending', 'verified', 'failed')`,
    ),
  ],
);

// Issue 14: a site administrator's hand change of a mapping's verification or SSL status (the only way besides
// the DNS check), kept after the mapping is deleted, hence no foreign keys. Deliberately small, so that the
// general audit log can take these rows over: who, when, which mapping, {field: {from, to}}.
export const domainMappingStatusChanges = pgTable(
  'domain_mapping_status_changes',
  {
    changeId: integer('change_id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    mappingGuid: uuid('mapping_guid').notNull(),
    domain: text('domain').notNull(),
    changedBy: text('changed_by').notNull(),
    changes: jsonb('changes').$type<StatusChanges>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_mapping_status_changes_tenant_idx').on(t.tenantId, t.changedAt),
    index('domain_mapping_status_changes_mapping_idx').on(t.mappingGuid, t.changedAt),
  ],
);
