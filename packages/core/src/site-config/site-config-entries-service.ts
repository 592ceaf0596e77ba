import type { Actor } from '@brigade/domain/access';
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
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import { editSiteConfiguration } from './site-config-service';

/**
 * Add/update/remove layout templates (by templateId), add/update colour schemes (by schemeId),
 * add/update/remove fallback images (by imageId), and the fallback texts. Each is one update of the site
 * configuration, so each adds 1 to its version. An added entry is the input itself; a change names its entry
 * by id and carries the `changes`.
 */
type Result = Promise<SiteConfiguration>;

export function addLayoutTemplate(deps: UseCaseDeps, actor: Actor, input: unknown): Result {
  const template = validateInput(newLayoutTemplateSchema, input);
  return editSiteConfiguration(deps, actor, (c, now) => edits.addLayoutTemplate(c, template, now));
}

export function updateLayoutTemplate(
  deps: UseCaseDeps,
  actor: Actor,
  input: { templateId: string; changes: unknown },
): Result {
  const changes = validateInput(layoutTemplateChangesSchema, input.changes);
  return editSiteConfiguration(deps, actor, (c, now) =>
    edits.updateLayoutTemplate(c, input.templateId, changes, now),
  );
}

export function removeLayoutTemplate(deps: UseCaseDeps, actor: Actor, input: { templateId: string }): Result {
  return editSiteConfiguration(deps, actor, (c) => edits.removeLayoutTemplate(c, input.templateId));
}

export function addColorScheme(deps: UseCaseDeps, actor: Actor, input: unknown): Result {
  const scheme = validateInput(colorSchemeSchema, input);
  return editSiteConfiguration(deps, actor, (c) => edits.addColorScheme(c, scheme));
}

export function updateColorScheme(
  deps: UseCaseDeps,
  actor: Actor,
  input: { schemeId: string; changes: unknown },
): Result {
  const changes = validateInput(colorSchemeChangesSchema, input.changes);
  return editSiteConfiguration(deps, actor, (c) => edits.updateColorScheme(c, input.schemeId, changes));
}

export function addFallbackImage(deps: UseCaseDeps, actor: Actor, input: unknown): Result {
  const image = validateInput(fallbackImageSchema, input);
  return editSiteConfiguration(deps, actor, (c) => edits.addFallbackImage(c, image));
}

export function updateFallbackImage(
  deps: UseCaseDeps,
  actor: Actor,
  input: { imageId: string; changes: unknown },
): Result {
  const changes = validateInput(fallbackImageChangesSchema, input.changes);
  return editSiteConfiguration(deps, actor, (c) => edits.updateFallbackImage(c, input.imageId, changes));
}

export function removeFallbackImage(deps: UseCaseDeps, actor: Actor, input: { imageId: string }): Result {
  return editSiteConfiguration(deps, actor, (c) => edits.removeFallbackImage(c, input.imageId));
}

export function setFallbackTexts(deps: UseCaseDeps, actor: Actor, input: unknown): Result {
  const texts = validateInput(fallbackTextsSchema, input);
  return editSiteConfiguration(deps, actor, (c) => edits.setFallbackTexts(c, texts));
}
