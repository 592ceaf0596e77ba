import { z } from 'zod';
import { positiveId } from '../integers';
import { requiredText } from '../text';
import { copyMenuSchema, importCountsSchema } from './catalogue-io';
import { moneyAmount } from './fields';

/**
 * One master menu shared across a tenant's locations (issue 45 item 13; docs/behaviour/catalogue.md#sharing-one-menu-across-locations,
 * decision 074): a location receives a copy of a menu of another restaurant of the tenant, linked record by
 * record to the master, so that a publish of the master brings the location's copy up to date; the location
 * keeps its own prices and availability per item (overrides), which every publish applies again.
 */

/** Sharing a menu with a location: the same body as a copy (the master restaurant and its menu). */
export const createMenuShareSchema = copyMenuSchema;
export type CreateMenuShareInput = z.infer<typeof createMenuShareSchema>;

/** Publishing a master menu to every location it is shared with. */
export const publishMenuSharesSchema = z.object({ menuGroupId: positiveId('Menu group ID') });
export type PublishMenuSharesInput = z.infer<typeof publishMenuSharesSchema>;

export const MENU_SHARE_MESSAGES = {
  itself: 'A menu cannot be shared with the restaurant it belongs to: choose another location',
  twice: 'This menu is already shared with this location',
  notFound: (shareId: number) => `Menu share with ID ${shareId} not found`,
  notShared: (itemId: number) => `Item with ID ${itemId} is not an item of this shared menu`,
  notSizePriced: 'Size prices can be overridden only on an item priced by size',
  notBasePriced: 'A base price can be overridden only on an item with a base price',
  unknownSize: (name: string) => `The item has no size named "${name}"`,
  locationOnly: 'Overrides are set by the location the menu is shared with',
} as const;

/** A size's own price at the location, by the size's name. */
export const sizePriceOverrideSchema = z.object({
  name: requiredText('Size/price name cannot be empty'),
  price: moneyAmount('Price'),
});
export type SizePriceOverride = z.infer<typeof sizePriceOverrideSchema>;

/**
 * A location's overrides of one item, as sent: any of them; `null` clears one (the master's value again).
 * Prices are checked with the item's own rules and messages ("Base price cannot be negative", …).
 */
export const menuShareOverrideInputSchema = z.object({
  basePrice: moneyAmount('Base price').nullable().optional(),
  sizePrice: z
    .array(sizePriceOverrideSchema)
    .min(1, 'Size prices cannot be empty: send null to use the master prices')
    .nullable()
    .optional(),
  available: z.boolean({ error: 'Available must be true or false' }).nullable().optional(),
});
export type MenuShareOverrideInput = z.infer<typeof menuShareOverrideInputSchema>;

/** The overrides of one item as stored: null is the master's value. */
export const menuShareOverrideSchema = z.object({
  /** The location's item (null while the location has no copy of it). */
  itemId: z.number().int().nullable(),
  masterItemId: z.number().int(),
  basePrice: z.number().nullable(),
  sizePrice: z.array(sizePriceOverrideSchema).nullable(),
  available: z.boolean().nullable(),
});
export type MenuShareOverride = z.infer<typeof menuShareOverrideSchema>;

/** A share as listed, seen from the master or from the location. */
export const menuShareSchema = z.object({
  shareId: z.number().int(),
  masterRestaurantId: z.number().int(),
  masterRestaurantName: z.string(),
  masterMenuGroupId: z.number().int(),
  /** The master menu's name (null when the master no longer has it). */
  menuName: z.string().nullable(),
  restaurantId: z.number().int(),
  restaurantName: z.string(),
  /** The location's copy of the menu (null when the location deleted it; the next publish makes it again). */
  menuGroupId: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  overrides: z.number().int(),
});
export type MenuShare = z.infer<typeof menuShareSchema>;

/** An item of a shared menu at the location: the master's prices and the location's overrides. */
export const menuShareItemSchema = menuShareOverrideSchema.extend({
  name: z.string(),
  pricingStrategy: z.string(),
  masterBasePrice: z.number().nullable(),
  masterSizePrice: z.array(sizePriceOverrideSchema),
});
export type MenuShareItem = z.infer<typeof menuShareItemSchema>;

export const menuShareDetailSchema = menuShareSchema.extend({ items: z.array(menuShareItemSchema) });
export type MenuShareDetail = z.infer<typeof menuShareDetailSchema>;

/** What a publish did at one location. */
export const publishedLocationSchema = z.object({
  shareId: z.number().int(),
  restaurantId: z.number().int(),
  created: importCountsSchema,
  updated: z.number().int(),
  deleted: z.number().int(),
  unlinked: z.number().int(),
});
export const publishResultSchema = z.object({
  publishedAt: z.string(),
  locations: z.array(publishedLocationSchema),
});
export type PublishResult = z.infer<typeof publishResultSchema>;
export type PublishedLocation = z.infer<typeof publishedLocationSchema>;

/** How many overrides one item holds (a count of the fields that are not the master's). */
export const overrideCountOf = (override: {
  basePrice: number | null;
  sizePrice: unknown[] | null;
  available: boolean | null;
}): number =>
  Number(override.basePrice !== null) +
  Number(override.sizePrice !== null) +
  Number(override.available !== null);

/** The prices an item has at a location: the master's, with the location's overrides over them. */
export function pricesAt(
  master: { basePrice?: unknown; sizePrice?: unknown },
  override: { basePrice: number | null; sizePrice: SizePriceOverride[] | null } | undefined,
): { basePrice?: number; sizePrice: Record<string, unknown>[] } {
  const sizes = (master.sizePrice as Record<string, unknown>[] | undefined) ?? [];
  const own = new Map((override?.sizePrice ?? []).map((size) => [size.name, size.price]));
  const sizePrice = sizes.map((size) =>
    own.has(size.name as string) ? { ...size, price: own.get(size.name as string) } : size,
  );
  const basePrice = override?.basePrice ?? (master.basePrice as number | undefined);
  return { ...(basePrice === undefined ? {} : { basePrice }), sizePrice };
}
