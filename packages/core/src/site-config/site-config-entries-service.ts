import type { Executor } from '@brigade/db/database';
import {
  colorSchemeChangesSchema,
  colorSchemeSchema,
  fallbackImageChangesSchema,
  fallbackImageSchema,
  fallbackTextsSchema,
  layoutTemplateChangesSchema,
  newLayoutTemplateSchema,
  type SiteConfiguration,
} from '@brigade/domain/site-config';
import * as edits from '@brigade/domain/site-config-edits';
import { validateInput } from '../validate';
import { editSiteConfiguration, type ModifiedBy } from './site-config-service';

/**
 * spec 01 §7.3: add/update/remove layout templates (by templateId), add/update colour schemes (by schemeId),
 * add/update/remove fallback images (by imageId), and the fallback texts. Each is one update of the site
 * configuration, so each adds 1 to its version.
 */
type Result = Promise<SiteConfiguration>;

export function addLayoutTemplate(ex: Executor, input: unknown, by: ModifiedBy): Result {
  const template = validateInput(newLayoutTemplateSchema, input);
  return editSiteConfiguration(ex, by, (c, now) => edits.addLayoutTemplate(c, template, now));
}

export function updateLayoutTemplate(
  ex: Executor,
  templateId: string,
  input: unknown,
  by: ModifiedBy,
): Result {
  const changes = validateInput(layoutTemplateChangesSchema, input);
  return editSiteConfiguration(ex, by, (c, now) => edits.updateLayoutTemplate(c, templateId, changes, now));
}

export function removeLayoutTemplate(ex: Executor, templateId: string, by: ModifiedBy): Result {
  return editSiteConfiguration(ex, by, (c) => edits.removeLayoutTemplate(c, templateId));
}

export function addColorScheme(ex: Executor, input: unknown, by: ModifiedBy): Result {
  const scheme = validateInput(colorSchemeSchema, input);
  return editSiteConfiguration(ex, by, (c) => edits.addColorScheme(c, scheme));
}

export function updateColorScheme(ex: Executor, schemeId: string, input: unknown, by: ModifiedBy): Result {
  const changes = validateInput(colorSchemeChangesSchema, input);
  return editSiteConfiguration(ex, by, (c) => edits.updateColorScheme(c, schemeId, changes));
}

export function addFallbackImage(ex: Executor, input: unknown, by: ModifiedBy): Result {
  const image = validateInput(fallbackImageSchema, input);
  return editSiteConfiguration(ex, by, (c) => edits.addFallbackImage(c, image));
}

export function updateFallbackImage(ex: Executor, imageId: string, input: unknown, by: ModifiedBy): Result {
  const changes = validateInput(fallbackImageChangesSchema, input);
  return editSiteConfiguration(ex, by, (c) => edits.updateFallbackImage(c, imageId, changes));
}

export function removeFallbackImage(ex: Executor, imageId: string, by: ModifiedBy): Result {
  return editSiteConfiguration(ex, by, (c) => edits.removeFallbackImage(c, imageId));
}

export function setFallbackTexts(ex: Executor, input: unknown, by: ModifiedBy): Result {
  const texts = validateInput(fallbackTextsSchema, input);
  return editSiteConfiguration(ex, by, (c) => edits.setFallbackTexts(c, texts));
}
