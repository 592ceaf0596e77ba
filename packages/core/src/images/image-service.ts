import { randomBytes } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { type Actor, decideAccess, type TenantRole } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import {
  IMAGE_FOLDER_MESSAGE,
  IMAGE_FOLDER_PATTERN,
  type ImageVariant,
  type OptimizedImage,
  readOptimizedImage,
  urlsOfOptimizedImage,
} from '@brigade/domain/images';
import {
  HERO_IMAGE_OPTIONS,
  type PipelineLogger,
  processImage,
  type Rendition,
} from '@brigade/images/pipeline';
import { CONTENT_TYPES, type ImageStorage } from '@brigade/images/storage';
import { getRestaurantOrThrow, getTenantOrThrow } from '../tenancy/index';
import type { UseCaseDeps } from '../use-case';
import type { ImageRecords } from './image-repository';

/** Who may upload to or delete from a tenant's images: the same role as catalogue writes. */
export const IMAGE_WRITE_ROLE: TenantRole = 'manager';

export interface ImageScope {
  tenantId?: number;
  restaurantId?: number;
  folder: string;
}

const forbidden = () => new BrigadeError('forbidden', 'FORBIDDEN', 'You do not have access to this');

/**
 * The storage path scheme: tenants/{tenant}/{folder}, or tenants/{tenant}/restaurants/{restaurant}/{folder};
 * with no tenant, site-config/{folder} (site administrators only).
 */
export function folderKeyOf(scope: ImageScope): string {
  if (!IMAGE_FOLDER_PATTERN.test(scope.folder))
    throw new BrigadeError('validation', 'VALIDATION_FAILED', IMAGE_FOLDER_MESSAGE, {
      errors: [{ path: 'folder', message: IMAGE_FOLDER_MESSAGE }],
    });
  if (scope.tenantId === undefined) {
    if (scope.restaurantId !== undefined)
      throw new BrigadeError('validation', 'VALIDATION_FAILED', 'A restaurant needs its tenantId');
    return `site-config/${scope.folder}`;
  }
  return scope.restaurantId === undefined
    ? `tenants/${scope.tenantId}/${scope.folder}`
    : `tenants/${scope.tenantId}/restaurants/${scope.restaurantId}/${scope.folder}`;
}

/** The scope a stored key belongs to. */
export function scopeOfKey(key: string): Omit<ImageScope, 'folder'> {
  const match = /^tenants\/(\d+)(?:\/restaurants\/(\d+))?\//.exec(key);
  if (!match) return {};
  return {
    tenantId: Number(match[1]),
    ...(match[2] ? { restaurantId: Number(match[2]) } : {}),
  };
}

/**
 * Access to a scope: site administrators everywhere; managers and up in their tenant; site-config is
 * admin-only. The routes are only `signed-in` (the scope is in the form or the URL, not the path), so the
 * use-cases decide here (decision 009).
 */
export async function assertImageAccess(ex: Executor, actor: Actor, scope: Omit<ImageScope, 'folder'>) {
  const requirement =
    scope.tenantId === undefined
      ? ({ kind: 'site-admin' } as const)
      : ({ kind: 'tenant', role: IMAGE_WRITE_ROLE } as const);
  const decision = decideAccess(actor, requirement, scope.tenantId, scope.restaurantId);
  if (decision === 'unauthenticated')
    throw new BrigadeError('unauthorized', 'UNAUTHENTICATED', 'Sign-in required');
  if (decision === 'forbidden') throw forbidden();
  // The scope must exist (a site administrator may name any tenant): 404 with the usual messages.
  if (scope.tenantId !== undefined && scope.restaurantId !== undefined)
    await getRestaurantOrThrow(ex, { tenantId: scope.tenantId, restaurantId: scope.restaurantId });
  else if (scope.tenantId !== undefined) await getTenantOrThrow(ex, scope.tenantId);
}

const EXTENSIONS: Record<Rendition['format'], string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export interface UploadInput {
  data: Buffer;
  scope: ImageScope;
  /** 'hero' applies the hero defaults. */
  preset?: 'default' | 'hero';
}

export interface ImageDeps extends UseCaseDeps {
  storage: ImageStorage;
  logger: PipelineLogger;
  /** The record of uploads and their files (image-repository.ts). */
  records: ImageRecords;
  /** This server instance, which writes the files of its uploads (instance-presence.ts). */
  writer: string;
}

const uploadFailed = (reason: unknown) =>
  new BrigadeError(
    'unavailable',
    'IMAGE_UPLOAD_FAILED',
    `Failed to upload image: ${reason instanceof Error ? reason.message : String(reason)}`,
    { cause: reason },
  );

/**
 * Checks access, runs the pipeline and stores every rendition; answers the OptimizedImage. The upload is
 * recorded as pending before its first file is written and as stored after its last, so a crash at any point
 * leaves either a stored image with all its files or a pending record whose files the next start removes
 * (docs/decisions/015-crash-safety.md).
 */
export async function uploadImage(
  deps: ImageDeps,
  actor: Actor,
  input: UploadInput,
): Promise<OptimizedImage> {
  const folderKey = folderKeyOf(input.scope);
  await assertImageAccess(deps.db, actor, input.scope);
  const processed = await processImage(
    input.data,
    input.preset === 'hero' ? { quality: HERO_IMAGE_OPTIONS.quality } : {},
    deps.logger,
  );
  // Each upload has its own names (a random id plus the rendition's role), so no two images share a file
  // and a key's bytes never change (served as immutable).
  const id = randomBytes(10).toString('hex');
  const keyOf = (rendition: Rendition) =>
    `${folderKey}/${id}-${rendition.role}.${EXTENSIONS[rendition.format]}`;
  const renditions = [
    processed.original,
    ...(processed.webp ? [processed.webp] : []),
    ...(['small', 'medium', 'large'] as const).flatMap((size) => processed.variants[size]),
  ];
  const variantOf = (rendition: Rendition): ImageVariant => ({
    url: deps.storage.urlOf(keyOf(rendition)),
    format: rendition.format,
    width: rendition.width,
    height: rendition.height,
    size: rendition.data.length,
  });
  await deps.records.begin({
    id,
    tenantId: input.scope.tenantId,
    restaurantId: input.scope.restaurantId,
    keys: renditions.map(keyOf),
    writer: deps.writer,
  });
  const stored: string[] = [];
  const removeStored = async () => {
    for (const key of stored) await deps.storage.delete(key).catch(() => undefined);
  };
  // Every put is settled before any clean-up, so no write can land after its upload was given up.
  const puts = await Promise.allSettled(
    renditions.map(async (rendition) => {
      const key = keyOf(rendition);
      await deps.storage.put(key, rendition.data, CONTENT_TYPES[EXTENSIONS[rendition.format]]!);
      stored.push(key);
    }),
  );
  const failure = puts.find((put): put is PromiseRejectedResult => put.status === 'rejected');
  if (failure) {
    // "Failed to upload image: {reason}"; files already written are removed (best effort).
    deps.logger.warn({ err: failure.reason }, 'image storage failed; removing the files already stored');
    await removeStored();
    await deps.records.abandon(id);
    throw uploadFailed(failure.reason);
  }
  if (!(await deps.records.complete(id))) {
    // Taken for abandoned by another instance's sweep while this one was writing: it is not kept.
    await removeStored();
    throw uploadFailed('the upload took too long and was abandoned');
  }
  const variants: NonNullable<OptimizedImage['variants']> = {};
  for (const size of ['small', 'medium', 'large'] as const) {
    if (processed.variants[size].length > 0) variants[size] = processed.variants[size].map(variantOf);
  }
  return {
    original: variantOf(processed.original),
    ...(processed.webp ? { webp: variantOf(processed.webp) } : {}),
    ...(Object.keys(variants).length > 0 ? { variants } : {}),
    aspectRatio: processed.aspectRatio,
  };
}

export interface DeleteResult {
  deleted: string[];
  failed: string[];
}

/**
 * Deletes every file of an image given as a storage URL or an OptimizedImage JSON.
 * Every URL must be this storage's and within the caller's scopes before anything is deleted; then
 * individual failures are logged and the successes returned.
 */
export async function deleteImage(
  deps: ImageDeps,
  actor: Actor,
  input: { image: string },
): Promise<DeleteResult> {
  const text = input.image.trim();
  const urls = text.startsWith('{') ? urlsOfOptimizedImage(readOptimizedImage(text)) : [text];
  const keys = urls.map((url) => {
    const key = deps.storage.keyOf(url);
    if (!key)
      throw new BrigadeError(
        'validation',
        'INVALID_STORAGE_URL',
        `Invalid storage URL: ${url}. Expected ${deps.storage.urlFormat}`,
      );
    return key;
  });
  const seen = new Set<string>();
  for (const key of keys) {
    const scope = scopeOfKey(key);
    const id = `${scope.tenantId}/${scope.restaurantId}`;
    if (seen.has(id)) continue;
    seen.add(id);
    await assertImageAccess(deps.db, actor, scope);
  }
  const result: DeleteResult = { deleted: [], failed: [] };
  const deletedKeys: string[] = [];
  for (const [index, key] of [...new Set(keys)].entries()) {
    try {
      await deps.storage.delete(key);
      deletedKeys.push(key);
      result.deleted.push(urls[keys.indexOf(key)] ?? urls[index]!);
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'Failed to delete image file');
      result.failed.push(urls[keys.indexOf(key)]!);
    }
  }
  // The records follow the files: a deleted file is no longer one of its image's (a single
  // URL may be deleted), and an image without files is forgotten.
  await deps.records.forgetKeys(deletedKeys);
  return result;
}
