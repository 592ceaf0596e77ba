import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { Restaurant } from '@brigade/domain/restaurant';
import { type WebsiteConfig, websiteConfigSchema } from '@brigade/domain/website-config';
import type { SealedBox } from '../secrets/index';
import { getRestaurantOrThrow, type RestaurantScope } from '../tenancy/index';
import type { UseCaseDeps } from '../use-case';

/**
 * Website previews (docs/decisions/032-website-preview.md): a draft of the website configuration is drawn
 * by the public site's renderer without being saved. The draft travels sealed inside the preview id
 * (AES-256-GCM, sealed-box.ts): nothing is stored, every instance can open it, and the sealing context
 * names the user, tenant and restaurant, so an id opens for its maker only, on its restaurant only.
 */
export interface WebsitePreviewDeps extends UseCaseDeps {
  box: SealedBox;
  now?: () => Date;
}

/** How long a preview id stays good: the editor asks for a fresh one on every pause in typing. */
export const PREVIEW_TTL_MS = 10 * 60_000;

/** The longest id a browser sends reliably in a path (a frame's address); larger drafts are not previewed. */
export const PREVIEW_ID_MAX = 12_000;

export const previewNotFound = () => notFound('Preview not found', 'PREVIEW_NOT_FOUND');

const contextOf = (actor: Actor, scope: RestaurantScope) =>
  `website-preview:${actor.kind === 'user' ? actor.userId : 'anonymous'}:${scope.tenantId}:${scope.restaurantId}`;

/**
 * Seals a validated draft for the caller: the restaurant must be the tenant's (404 otherwise, like every
 * restaurant route); the draft was validated by the route with the schema a save uses.
 */
export async function createWebsitePreview(
  deps: WebsitePreviewDeps,
  actor: Actor,
  input: RestaurantScope & { websiteConfig: WebsiteConfig },
): Promise<{ previewId: string; expiresAt: Date }> {
  await getRestaurantOrThrow(deps.db, input);
  const expiresAt = new Date((deps.now?.() ?? new Date()).getTime() + PREVIEW_TTL_MS);
  const packed = brotliCompressSync(
    JSON.stringify({ exp: expiresAt.getTime(), config: input.websiteConfig }),
    { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  ).toString('base64');
  const previewId = deps.box.seal(packed, contextOf(actor, input));
  if (previewId.length > PREVIEW_ID_MAX) throw previewTooLarge();
  return { previewId, expiresAt };
}

const previewTooLarge = () =>
  new BrigadeError(
    'unprocessable',
    'PREVIEW_TOO_LARGE',
    'The draft is too large to preview; save it to see it on the site',
  );

/**
 * The restaurant and the draft a preview id holds, for its maker; "Preview not found" for an id that is
 * altered, expired, or made by someone else or for another restaurant.
 */
export async function openWebsitePreview(
  deps: WebsitePreviewDeps,
  actor: Actor,
  input: RestaurantScope & { previewId: string },
): Promise<{ restaurant: Restaurant; websiteConfig: WebsiteConfig }> {
  const restaurant = await getRestaurantOrThrow(deps.db, input);
  let opened: { exp: number; config: unknown };
  try {
    const packed = deps.box.open(input.previewId, contextOf(actor, input));
    opened = JSON.parse(brotliDecompressSync(Buffer.from(packed, 'base64')).toString('utf8'));
  } catch {
    throw previewNotFound();
  }
  if (!(opened.exp > (deps.now?.() ?? new Date()).getTime())) throw previewNotFound();
  // validated when sealed; parsed again so that what is drawn is always a well-formed configuration
  const parsed = websiteConfigSchema.safeParse(opened.config);
  if (!parsed.success) throw previewNotFound();
  return { restaurant, websiteConfig: parsed.data };
}
