import { z } from 'zod';
import { INT32_MAX, int32MaxMessage } from './integers';
import { text } from './text';

/** Tenant statuses are active, inactive and suspended; active is the default. */
export const TENANT_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** Plans are starter, professional and enterprise; starter is the default. */
export const TENANT_PLANS = ['starter', 'professional', 'enterprise'] as const;
export type TenantPlan = (typeof TENANT_PLANS)[number];

/** Restaurant caps per plan. */
export const PLAN_RESTAURANT_CAPS: Readonly<Record<TenantPlan, number>> = {
  starter: 1,
  professional: 5,
  enterprise: 999,
};

/**
 * Only professional and enterprise can create restaurants. A starter tenant still owns its one
 * restaurant (its cap is 1); it is set up for it rather than created by the tenant.
 */
export const PLANS_THAT_CAN_CREATE_RESTAURANTS: readonly TenantPlan[] = ['professional', 'enterprise'];

/** A tenant may add a restaurant when its plan allows creation and it is below the plan's cap. */
export function canCreateRestaurant(plan: TenantPlan, existingRestaurants: number): boolean {
  return PLANS_THAT_CAN_CREATE_RESTAURANTS.includes(plan) && existingRestaurants < PLAN_RESTAURANT_CAPS[plan];
}

const capMessage = (plan: TenantPlan, existing: number) => {
  const cap = PLAN_RESTAURANT_CAPS[plan];
  return `The ${plan} plan allows at most ${cap} restaurant${cap === 1 ? '' : 's'}; this tenant has ${existing}`;
};

/** Why a tenant with this many restaurants cannot move to `plan` (its cap is lower), or null when it can. */
export function planChangeRefusal(plan: TenantPlan, existingRestaurants: number): string | null {
  return existingRestaurants > PLAN_RESTAURANT_CAPS[plan] ? capMessage(plan, existingRestaurants) : null;
}

export interface RestaurantCreationRefusal {
  code: 'PLAN_CANNOT_CREATE_RESTAURANTS' | 'PLAN_RESTAURANT_CAP_REACHED';
  message: string;
}

/**
 * Why a restaurant may not be created for a tenant, or null when it may. The cap binds everyone.
 * "Only professional and enterprise can create restaurants" binds the tenant's own users: a site
 * administrator sets up a starter tenant's one restaurant (otherwise the starter cap of 1 could never be used).
 */
export function restaurantCreationRefusal(
  plan: TenantPlan,
  existingRestaurants: number,
  by: { isSiteAdmin: boolean },
): RestaurantCreationRefusal | null {
  if (existingRestaurants >= PLAN_RESTAURANT_CAPS[plan]) {
    return { code: 'PLAN_RESTAURANT_CAP_REACHED', message: capMessage(plan, existingRestaurants) };
  }
  if (!by.isSiteAdmin && !PLANS_THAT_CAN_CREATE_RESTAURANTS.includes(plan)) {
    return {
      code: 'PLAN_CANNOT_CREATE_RESTAURANTS',
      message: `The ${plan} plan does not include creating restaurants; upgrade to professional or enterprise`,
    };
  }
  return null;
}

/** A new tenant's timezone, when the creator gives none (the stored default stays UTC). */
export const TENANT_CREATION_TIMEZONE = 'America/New_York';

// Intl rejects unknown IANA names with a RangeError; checking this way needs no list of zones to maintain.
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timezoneSchema = text().refine(isTimeZone, 'Timezone must be a valid IANA time zone');

/** Tenant settings; defaults: timezone UTC, date format MM/DD/YYYY. */
export const tenantSettingsSchema = z.object({
  timezone: timezoneSchema.default('UTC'),
  // Currency is 3 letters, default USD
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'Currency must be a 3-letter code')
    .default('USD'),
  dateFormat: text().min(1, 'Date format is required').default('MM/DD/YYYY'),
  features: z.array(text()).default([]),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

// Tenant: the same message whether the field is missing, not text, or blank.
const tenantNameSchema = text({ error: 'Business name is required' })
  .trim()
  .min(1, 'Business name is required');
const tenantDisplayNameSchema = text({ error: 'Display name is required' })
  .trim()
  .min(1, 'Display name is required');
const tenantStatusSchema = z.enum(TENANT_STATUSES);
const tenantPlanSchema = z.enum(TENANT_PLANS);

/** A stored tenant. Admin listings add docId; that belongs to the listing, not the entity. */
export const tenantSchema = z.object({
  tenantId: z.number().int().positive(),
  guid: z.uuid({ error: 'Invalid GUID format' }),
  name: tenantNameSchema,
  displayName: tenantDisplayNameSchema,
  status: tenantStatusSchema.default('active'),
  plan: tenantPlanSchema.default('starter'),
  // prefault: a settings document read back with keys missing is completed with the defaults
  settings: tenantSettingsSchema.prefault({}),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** Tenant: creation requires name and displayName; plan, status and settings may be omitted. */
export const createTenantInputSchema = z.object({
  name: tenantNameSchema,
  displayName: tenantDisplayNameSchema,
  status: tenantStatusSchema.default('active'),
  plan: tenantPlanSchema.default('starter'),
  // Creation defaults the timezone to America/New_York, unlike the stored default UTC
  settings: tenantSettingsSchema
    .extend({ timezone: timezoneSchema.default(TENANT_CREATION_TIMEZONE) })
    .prefault({}),
});
export type CreateTenantInput = z.input<typeof createTenantInputSchema>;
export type CreateTenantData = z.output<typeof createTenantInputSchema>;

/**
 * Tenant: the tenant id is required on update, the other fields are optional. Omitted fields are
 * left alone (no defaults are filled in at the top level); a `settings` object, when sent, is a complete
 * value that replaces the stored one, so its own defaults apply.
 */
export const updateTenantInputSchema = z.object({
  tenantId: z
    .number({ error: 'Tenant ID is required' })
    .int('Tenant ID must be a positive integer')
    .positive('Tenant ID must be a positive integer')
    .max(INT32_MAX, int32MaxMessage('Tenant ID')),
  name: tenantNameSchema.optional(),
  displayName: tenantDisplayNameSchema.optional(),
  status: tenantStatusSchema.optional(),
  plan: tenantPlanSchema.optional(),
  settings: tenantSettingsSchema.optional(),
});
export type UpdateTenantInput = z.input<typeof updateTenantInputSchema>;
export type UpdateTenantData = z.output<typeof updateTenantInputSchema>;
