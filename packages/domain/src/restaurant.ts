import { z } from 'zod';
import { specialHoursSchema } from './hours/special';
import {
  type DayHours,
  DEFAULT_OPERATING_HOURS,
  dayHoursSchema,
  defaultOperatingHours,
  type OperatingHours,
  operatingHoursSchema,
} from './hours/weekly';
import { INT32_MAX, int32MaxMessage } from './integers';
import { platformSyncSchema } from './platform-sync';
import { requiredText, text, withTextRule } from './text';
import { websiteConfigSchema } from './website-config';

export const RESTAURANT_STATUSES = ['active', 'inactive'] as const;
export type RestaurantStatus = (typeof RESTAURANT_STATUSES)[number];

/** Concept default "Restaurant" (forms start with it; see the create schema for why). */
export const DEFAULT_CONCEPT = 'Restaurant';

/** A status update's tenantId is at least 10000001, the first tenant id issued. */
export const MIN_TENANT_ID = 10000001;

// The same message whether a required field is missing, not text, or blank (requiredText).

const restaurantNameSchema = requiredText('Restaurant name is required');
const conceptSchema = requiredText('Concept is required');
const restaurantStatusSchema = z.enum(RESTAURANT_STATUSES, { error: 'Status must be active or inactive' });

/** A point on the map, in degrees (latitude -90..90, longitude -180..180). */
export const coordinatesSchema = z.object(
  {
    latitude: z
      .number({ error: 'Latitude must be a number' })
      .min(-90, 'Latitude must be between -90 and 90')
      .max(90, 'Latitude must be between -90 and 90'),
    longitude: z
      .number({ error: 'Longitude must be a number' })
      .min(-180, 'Longitude must be between -180 and 180')
      .max(180, 'Longitude must be between -180 and 180'),
  },
  { error: 'Coordinates must have a latitude and a longitude' },
);
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** Restaurant: street, city, state, zipCode and country each required. */
export const addressSchema = z.object(
  {
    street: requiredText('Street is required'),
    city: requiredText('City is required'),
    state: requiredText('State is required'),
    zipCode: requiredText('ZIP code is required'),
    // Country US. Omitting it gives US; sending it blank is still refused as "required".
    country: requiredText('Country is required').default('US'),
    // Where the restaurant is on a map (typed in, or imported from its Google place): schema.org `geo` on its
    // website. Latitude -90..90, longitude -180..180.
    coordinates: coordinatesSchema.optional(),
  },
  { error: 'Address is required' },
);

/** Restaurant: phone required, email valid, website optional. */
export const contactSchema = z.object(
  {
    phone: requiredText('Phone is required'),
    // Same wording as the user email rule.
    email: z.email({ error: 'A valid email is required' }),
    // Rendered as a link on the public site, so only web URLs are accepted.
    website: withTextRule(z.url({ protocol: /^https?$/, error: 'Website must be a valid URL' })).optional(),
  },
  { error: 'Contact details are required' },
);

// The weekly hours moved to hours/weekly.ts (decision 030); their names stay importable from here.
export { type DayHours, DEFAULT_OPERATING_HOURS, dayHoursSchema, type OperatingHours, operatingHoursSchema };

const percentMessage = (field: string) => `${field} must be between 0 and 100`;

/** Settings with their defaults; taxRate and serviceCharge 0-100, currency length 3. */
export const restaurantSettingsSchema = z.object({
  // A fraction (the default 0.0875 is 8.75%); the 0-100 bound is the validation rule all the same.
  taxRate: z.number().min(0, percentMessage('Tax rate')).max(100, percentMessage('Tax rate')).default(0.0875),
  serviceCharge: z
    .number()
    .min(0, percentMessage('Service charge'))
    .max(100, percentMessage('Service charge'))
    .default(0),
  currency: text().length(3, 'Currency must be a 3-letter code').default('USD'),
  allowTips: z.boolean().default(true),
  autoAcceptOrders: z.boolean().default(false),
});
export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;

// The fields a restaurant's owner edits, without defaults, so that a partial update fills nothing in.
const editableFields = {
  name: restaurantNameSchema,
  concept: conceptSchema,
  address: addressSchema,
  contact: contactSchema,
  operatingHours: operatingHoursSchema,
  // Dated exceptions to the weekly hours (decision 030); added later, so records without it have none.
  specialHours: specialHoursSchema,
  status: restaurantStatusSchema,
  settings: restaurantSettingsSchema,
  platformSync: platformSyncSchema,
  websiteConfig: websiteConfigSchema,
};

/**
 * A stored restaurant. Model loading needs numeric restaurantId, guid, numeric tenantId and
 * name, and the address and contact the create input required; concept, hours, status and the
 * settings, platform sync and website documents a record lacks are completed with the spec's defaults.
 */
export const restaurantSchema = z.object({
  ...editableFields,
  restaurantId: z.number().int().positive(),
  guid: z.uuid({ error: 'Invalid GUID format' }),
  slug: text(),
  tenantId: z.number().int().positive(),
  concept: conceptSchema.default(DEFAULT_CONCEPT),
  operatingHours: operatingHoursSchema.default(defaultOperatingHours),
  specialHours: specialHoursSchema.default(() => []),
  status: restaurantStatusSchema.default('active'),
  settings: restaurantSettingsSchema.prefault({}),
  platformSync: platformSyncSchema.prefault({}),
  websiteConfig: websiteConfigSchema.prefault({}),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Restaurant = z.infer<typeof restaurantSchema>;

const tenantIdInput = z
  .number({ error: 'Tenant ID is required' })
  .int('Tenant ID must be a positive integer')
  .positive('Tenant ID must be a positive integer')
  .max(INT32_MAX, int32MaxMessage('Tenant ID'));

/**
 * Restaurant create. concept has a default, yet it is required on create:
 * the create input must carry a non-blank concept (forms pre-fill DEFAULT_CONCEPT), and the default only
 * completes stored records that lack one. restaurantId, guid, slug and timestamps are the server's (it
 * generates the ids, derives the slug and sets the timestamps), so they are not part of the input. websiteConfig and
 * platformSync may be omitted: the use-case fills them with defaultWebsiteConfig(name) and
 * defaultPlatformSync().
 */
export const createRestaurantInputSchema = z.object({
  tenantId: tenantIdInput,
  name: restaurantNameSchema,
  concept: conceptSchema,
  address: addressSchema,
  contact: contactSchema,
  operatingHours: operatingHoursSchema.default(defaultOperatingHours),
  specialHours: specialHoursSchema.default(() => []),
  status: restaurantStatusSchema.default('active'),
  settings: restaurantSettingsSchema.prefault({}),
  platformSync: platformSyncSchema.optional(),
  websiteConfig: websiteConfigSchema.optional(),
});
export type CreateRestaurantInput = z.input<typeof createRestaurantInputSchema>;
export type CreateRestaurantData = z.output<typeof createRestaurantInputSchema>;

/**
 * Restaurant update: server-set fields (docId, createdAt, updatedAt) are dropped and the rest is
 * validated as a partial restaurant. Unknown keys are stripped by zod, which drops the server-set fields
 * before anything reads them. The identity fields (restaurantId, guid, tenantId) are dropped the same way:
 * the route names the restaurant, and an update never moves it to another tenant. Omitted fields stay as
 * stored; a nested object that is sent (address, settings, ...) is a complete value that replaces the stored
 * one. slug may be sent; the use-case normalises it with slugify and checks availability.
 * connectedAt and lastSyncAt inside platformSync become server timestamps in the use-case.
 */
export const updateRestaurantInputSchema = z
  .object({ ...editableFields, slug: requiredText('Slug is required') })
  .partial();
export type UpdateRestaurantInput = z.input<typeof updateRestaurantInputSchema>;
export type UpdateRestaurantData = z.output<typeof updateRestaurantInputSchema>;

/** A status update needs a tenantId (minimum 10000001), a restaurantId and the status. */
export const restaurantStatusUpdateSchema = z.object({
  tenantId: z
    .number({ error: 'Tenant ID is required' })
    .int('Tenant ID must be a positive integer')
    .min(MIN_TENANT_ID, `Tenant ID must be at least ${MIN_TENANT_ID}`)
    .max(INT32_MAX, int32MaxMessage('Tenant ID')),
  restaurantId: z
    .number({ error: 'Restaurant ID is required' })
    .int('Restaurant ID must be a positive integer')
    .positive('Restaurant ID must be a positive integer')
    .max(INT32_MAX, int32MaxMessage('Restaurant ID')),
  status: restaurantStatusSchema,
});
export type RestaurantStatusUpdate = z.infer<typeof restaurantStatusUpdateSchema>;

export type Address = z.infer<typeof addressSchema>;
export type Contact = z.infer<typeof contactSchema>;

// Admin search default limit 20. The plain admin list pages like the other admin lists (default
// 50, max 100); a search needs 2 characters like the user search.
export const ADMIN_RESTAURANT_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_RESTAURANT_SEARCH_DEFAULT_LIMIT = 20;
export const ADMIN_RESTAURANT_MAX_LIMIT = 100;
export const ADMIN_RESTAURANT_SEARCH_MIN_CHARS = 2;

/**
 * What anyone may read about a restaurant (its public site shows it): everything but the platform sync
 * document, which holds listing-account links and tokens.
 */
export const publicRestaurantSchema = restaurantSchema.omit({ platformSync: true });
export type PublicRestaurant = z.infer<typeof publicRestaurantSchema>;

export function publicRestaurantView(restaurant: Restaurant): PublicRestaurant {
  const { platformSync: _platformSync, ...view } = restaurant;
  return view;
}
