import { positiveId } from '@brigade/domain/integers';
import {
  colorSchemeChangesSchema,
  colorSchemeSchema,
  createSiteConfigurationInputSchema,
  fallbackImageChangesSchema,
  fallbackImageSchema,
  fallbackTextsSchema,
  layoutTemplateChangesSchema,
  layoutTemplateSchema,
  newLayoutTemplateSchema,
  siteComponentsSchema,
  siteConfigurationSchema,
  updateSiteConfigurationInputSchema,
} from '@brigade/domain/site-config';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

const siteConfigResult = successOf(z.object({ siteConfig: siteConfigurationSchema }));
const siteAdmin = { kind: 'site-admin' } as const;
const tags = ['site-config'];
const versionNote = 'Every change adds 1 to the version and sets lastModified and lastModifiedBy.';

export const getSiteConfig = defineEndpoint({
  id: 'getSiteConfig',
  method: 'GET',
  path: '/site-config',
  summary: 'The platform-wide site configuration',
  tags,
  access: { kind: 'signed-in' },
  response: { status: 200, description: 'The configuration', schema: siteConfigResult },
  problems: [404],
});

export const createSiteConfig = defineEndpoint({
  id: 'createSiteConfig',
  method: 'POST',
  path: '/site-config',
  summary: 'Create the site configuration (version 1); there is only one',
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { body: createSiteConfigurationInputSchema },
  response: { status: 201, description: 'Created', schema: siteConfigResult },
  problems: [409],
});

export const initializeSiteConfig = defineEndpoint({
  id: 'initializeSiteConfig',
  method: 'POST',
  path: '/site-config/initialize',
  summary: 'Create the default site configuration unless one exists',
  description:
    'Defaults: layout modern-restaurant (hero, menu-preview, about, location, contact), colour ' +
    'scheme warm-neutral, menu preview 6 items with prices, hero height screen with centered text, ' +
    'overrides allowed without approval, version 1. An existing configuration is returned unchanged.',
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  response: {
    status: 200,
    description: 'The configuration and whether it was created now',
    schema: successOf(z.object({ siteConfig: siteConfigurationSchema, created: z.boolean() })),
  },
});

export const updateSiteConfig = defineEndpoint({
  id: 'updateSiteConfig',
  method: 'PATCH',
  path: '/site-config',
  summary: 'Update the site configuration',
  description: `Omitted fields stay; sent lists and nested objects replace the stored ones. ${versionNote}`,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { body: updateSiteConfigurationInputSchema },
  response: { status: 200, description: 'Updated', schema: siteConfigResult },
  problems: [404],
});

const templateParams = z.object({ templateId: text().min(1, 'Template ID is required') });
const schemeParams = z.object({ schemeId: text().min(1, 'Scheme ID is required') });
const imageParams = z.object({ imageId: text().min(1, 'Image ID is required') });

export const addLayoutTemplate = defineEndpoint({
  id: 'addLayoutTemplate',
  method: 'POST',
  path: '/site-config/layout-templates',
  summary: 'Add a layout template (isDefault true makes it the default)',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { body: newLayoutTemplateSchema },
  response: { status: 201, description: 'The configuration with the template', schema: siteConfigResult },
  problems: [404, 409],
});

export const updateLayoutTemplate = defineEndpoint({
  id: 'updateLayoutTemplate',
  method: 'PATCH',
  path: '/site-config/layout-templates/{templateId}',
  summary: 'Update a layout template by templateId',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { params: templateParams, body: layoutTemplateChangesSchema },
  response: { status: 200, description: 'Updated', schema: siteConfigResult },
  problems: [404],
});

export const removeLayoutTemplate = defineEndpoint({
  id: 'removeLayoutTemplate',
  method: 'DELETE',
  path: '/site-config/layout-templates/{templateId}',
  summary: 'Remove a layout template by templateId (not the default one)',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { params: templateParams },
  response: { status: 200, description: 'The configuration without the template', schema: siteConfigResult },
  problems: [404, 409],
});

export const addColorScheme = defineEndpoint({
  id: 'addColorScheme',
  method: 'POST',
  path: '/site-config/color-schemes',
  summary: 'Add a colour scheme (isDefault true makes it the default)',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { body: colorSchemeSchema },
  response: { status: 201, description: 'The configuration with the scheme', schema: siteConfigResult },
  problems: [404, 409],
});

export const updateColorScheme = defineEndpoint({
  id: 'updateColorScheme',
  method: 'PATCH',
  path: '/site-config/color-schemes/{schemeId}',
  summary: 'Update a colour scheme by schemeId',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { params: schemeParams, body: colorSchemeChangesSchema },
  response: { status: 200, description: 'Updated', schema: siteConfigResult },
  problems: [404],
});

export const addFallbackImage = defineEndpoint({
  id: 'addFallbackImage',
  method: 'POST',
  path: '/site-config/fallback-images',
  summary: 'Add a fallback image',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { body: fallbackImageSchema },
  response: { status: 201, description: 'The configuration with the image', schema: siteConfigResult },
  problems: [404, 409],
});

export const updateFallbackImage = defineEndpoint({
  id: 'updateFallbackImage',
  method: 'PATCH',
  path: '/site-config/fallback-images/{imageId}',
  summary: 'Update a fallback image by imageId',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { params: imageParams, body: fallbackImageChangesSchema },
  response: { status: 200, description: 'Updated', schema: siteConfigResult },
  problems: [404],
});

export const removeFallbackImage = defineEndpoint({
  id: 'removeFallbackImage',
  method: 'DELETE',
  path: '/site-config/fallback-images/{imageId}',
  summary: 'Remove a fallback image by imageId',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { params: imageParams },
  response: { status: 200, description: 'The configuration without the image', schema: siteConfigResult },
  problems: [404],
});

export const setFallbackTexts = defineEndpoint({
  id: 'setFallbackTexts',
  method: 'PUT',
  path: '/site-config/fallback-texts',
  summary: 'Replace the fallback texts (a map of text key to text)',
  description: versionNote,
  tags,
  access: siteAdmin,
  changes: 'site-config',
  audit: false,
  request: { body: fallbackTextsSchema },
  response: { status: 200, description: 'Updated', schema: siteConfigResult },
  problems: [404],
});

const heroImageSchema = z.object({
  image: z.string(),
  url: z.string(),
  alt: z.string().nullable(),
  source: z.enum(['explicit', 'category', 'generic', 'default']),
  fallbackImageId: z.string().nullable(),
});

export const chooseHeroImage = defineEndpoint({
  id: 'chooseHeroImage',
  method: 'GET',
  path: '/site-config/hero-image',
  summary: 'The hero image for a restaurant site',
  description:
    'The explicit image, else the highest-priority non-generic fallback image whose category ' +
    'matches (case-insensitively), else the generic fallback, else /images/fallback/generic-restaurant-hero.jpg.',
  tags: [...tags, 'public'],
  access: { kind: 'public' },
  request: { query: z.object({ image: text().optional(), category: text().optional() }) },
  response: {
    status: 200,
    description: 'The chosen image and which step chose it',
    schema: successOf(z.object({ heroImage: heroImageSchema })),
  },
});

export const getEffectiveSiteConfig = defineEndpoint({
  id: 'getEffectiveSiteConfig',
  method: 'GET',
  path: '/restaurants/by-slug/{slug}/site-config',
  summary: "The configuration a restaurant's public site uses",
  description:
    'The site defaults, with the layout template and colour scheme named in the restaurant’s website ' +
    'configuration only while the site configuration allows restaurant overrides (and only active ones); ' +
    'the hero image by the hero image choice with the restaurant’s own hero image and its concept.',
  tags: [...tags, 'public'],
  access: { kind: 'public' },
  request: { params: z.object({ slug: text().min(1) }) },
  response: {
    status: 200,
    description: 'The effective configuration',
    schema: successOf(
      z.object({
        layoutTemplate: layoutTemplateSchema,
        colorScheme: colorSchemeSchema,
        components: siteComponentsSchema,
        fallbackTexts: fallbackTextsSchema,
        heroImage: heroImageSchema,
        overridesApplied: z.boolean(),
      }),
    ),
  },
  problems: [404],
});

// issue 17: the version history (site administrators only). Every stored configuration is a version.
const versionSummarySchema = z.object({
  version: z.number().int(),
  modifiedAt: z.date(),
  modifiedBy: z.string(),
  modifiedByEmail: z.string().nullable(),
});
const changeSchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

export const listSiteConfigVersions = defineEndpoint({
  id: 'listSiteConfigVersions',
  method: 'GET',
  path: '/site-config/versions',
  summary: 'The site configuration’s versions, newest first, with who made each and when',
  description: 'limit 1-100 (default 50); `before` lists the versions older than that one.',
  tags,
  access: siteAdmin,
  request: {
    query: z.object({
      limit: z.coerce
        .number({ error: 'Limit must be a number' })
        .int('Limit must be a whole number')
        .min(1, 'Limit must be at least 1')
        .max(100, 'Limit cannot exceed 100')
        .default(50),
      before: positiveId('Version').optional(),
    }),
  },
  response: {
    status: 200,
    description: 'The versions',
    schema: successOf(z.object({ versions: z.array(versionSummarySchema) })),
  },
});

export const getSiteConfigVersion = defineEndpoint({
  id: 'getSiteConfigVersion',
  method: 'GET',
  path: '/site-config/versions/{version}',
  summary: 'The site configuration as it was at one version',
  tags,
  access: siteAdmin,
  request: { params: z.object({ version: positiveId('Version') }) },
  response: { status: 200, description: 'That version', schema: siteConfigResult },
  problems: [404],
});

export const compareSiteConfigVersions = defineEndpoint({
  id: 'compareSiteConfigVersions',
  method: 'GET',
  path: '/site-config/versions-diff',
  summary: 'What changed between two versions of the site configuration',
  description:
    'Entries of the layout template, colour scheme and fallback image lists are matched by id, so a change ' +
    'is named like `colorSchemes[warm-neutral].primary`; kind is added, removed or changed.',
  tags,
  access: siteAdmin,
  request: { query: z.object({ from: positiveId('From version'), to: positiveId('To version') }) },
  response: {
    status: 200,
    description: 'Both versions and the changes from one to the other',
    schema: successOf(
      z.object({
        from: siteConfigurationSchema,
        to: siteConfigurationSchema,
        changes: z.array(changeSchema),
      }),
    ),
  },
  problems: [404],
});
