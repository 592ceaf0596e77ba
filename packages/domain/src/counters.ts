import { BrigadeError } from './errors';

/**
 * Id counters. Pure rules only: which entity
 * types exist, where their ids start, and whether a counter call is well formed. Issuing is in
 * packages/core/src/counters.
 */

export type CounterLevel = 'platform' | 'restaurant';

export interface EntityIdRange {
  firstId: number;
  prefix: string;
  idField: string;
  level: CounterLevel;
}

// Entity id ranges: platform-level ids are global; every other kind counts from 1 per restaurant.
export const ENTITY_ID_RANGES = {
  tenants: { firstId: 10000001, prefix: 'TENANT', idField: 'tenantId', level: 'platform' },
  restaurants: { firstId: 20000001, prefix: 'REST', idField: 'restaurantId', level: 'platform' },
  domainMappings: { firstId: 30000001, prefix: 'DOMAIN', idField: 'domainId', level: 'platform' },
  items: { firstId: 1, prefix: 'ITEM', idField: 'itemId', level: 'restaurant' },
  courses: { firstId: 1, prefix: 'COURSE', idField: 'courseId', level: 'restaurant' },
  salesCategories: { firstId: 1, prefix: 'SALESCAT', idField: 'salesCategoryId', level: 'restaurant' },
  taxRates: { firstId: 1, prefix: 'TAXRATE', idField: 'taxRateId', level: 'restaurant' },
  modifierGroups: { firstId: 1, prefix: 'MODGROUP', idField: 'modifierGroupId', level: 'restaurant' },
  menuGroups: { firstId: 1, prefix: 'MENUGROUP', idField: 'menuGroupId', level: 'restaurant' },
  tags: { firstId: 1, prefix: 'TAG', idField: 'tagId', level: 'restaurant' },
  prepStations: { firstId: 1, prefix: 'PREPSTATION', idField: 'prepStationId', level: 'restaurant' },
  printers: { firstId: 1, prefix: 'PRINTER', idField: 'printerId', level: 'restaurant' },
  employees: { firstId: 1, prefix: 'EMP', idField: 'employeeId', level: 'restaurant' },
  jobTitles: { firstId: 1, prefix: 'JOB', idField: 'jobId', level: 'restaurant' },
} as const satisfies Record<string, EntityIdRange>;

export type EntityType = keyof typeof ENTITY_ID_RANGES;
export type PlatformEntityType = {
  [K in EntityType]: (typeof ENTITY_ID_RANGES)[K]['level'] extends 'platform' ? K : never;
}[EntityType];
export type RestaurantEntityType = Exclude<EntityType, PlatformEntityType>;

export const ENTITY_TYPES = Object.keys(ENTITY_ID_RANGES) as EntityType[];

// The counter error codes and messages, verbatim.
export const COUNTER_ERROR_CODES = [
  'TENANT_NOT_FOUND',
  'RESTAURANT_NOT_FOUND',
  'UPDATE_FAILED',
  'CREATE_FAILED',
  'ID_COLLISION',
  'MISSING_REQUIRED_PARAMS',
] as const;
export const COUNTER_MESSAGES = {
  belowMinimum: 'ID below minimum for entity type',
  invalidEntityType: 'Invalid entity type',
  badScope: 'tenantId or restaurantId must be a positive integer',
  platformScoped: 'tenantId and restaurantId must not be given for a platform-level entity type',
} as const;

export const isEntityType = (value: unknown): value is EntityType =>
  typeof value === 'string' && Object.hasOwn(ENTITY_ID_RANGES, value);

export const isPlatformEntityType = (type: EntityType): type is PlatformEntityType =>
  ENTITY_ID_RANGES[type].level === 'platform';

/** The stored value of a counter that has issued nothing yet: first id − 1. */
export const initialCounterValue = (type: EntityType): number => ENTITY_ID_RANGES[type].firstId - 1;

export type CounterScope =
  | { entityType: PlatformEntityType }
  | { entityType: RestaurantEntityType; tenantId: number; restaurantId: number };

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Checks a counter request as callers hand it in (possibly untyped: CLI, API) and returns a well-formed
 * scope, or throws the counter error. Platform-level types refuse tenantId/restaurantId.
 */
export function parseCounterScope(input: {
  entityType: unknown;
  tenantId?: unknown;
  restaurantId?: unknown;
}): CounterScope {
  const { entityType, tenantId, restaurantId } = input;
  if (!isEntityType(entityType)) {
    throw new BrigadeError('validation', 'INVALID_ENTITY_TYPE', COUNTER_MESSAGES.invalidEntityType, {
      errors: [{ path: 'entityType', message: COUNTER_MESSAGES.invalidEntityType }],
    });
  }
  if (isPlatformEntityType(entityType)) {
    if (tenantId !== undefined || restaurantId !== undefined) {
      throw new BrigadeError('validation', 'PLATFORM_SCOPE_NOT_ALLOWED', COUNTER_MESSAGES.platformScoped, {
        errors: [
          {
            path: tenantId !== undefined ? 'tenantId' : 'restaurantId',
            message: COUNTER_MESSAGES.platformScoped,
          },
        ],
      });
    }
    return { entityType };
  }
  if (!isPositiveInteger(tenantId) || !isPositiveInteger(restaurantId)) {
    throw new BrigadeError('validation', 'MISSING_REQUIRED_PARAMS', COUNTER_MESSAGES.badScope, {
      errors: [
        {
          path: isPositiveInteger(tenantId) ? 'restaurantId' : 'tenantId',
          message: COUNTER_MESSAGES.badScope,
        },
      ],
    });
  }
  return { entityType, tenantId, restaurantId };
}

/**
 * A reset stores `value` as the last issued id, so the next id is value + 1. The lowest allowed value is
 * first id − 1 (a counter that has issued nothing); nextId is an integer >= 0.
 */
export function checkResetValue(type: EntityType, value: unknown): number {
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value < 0 ||
    value < initialCounterValue(type)
  ) {
    throw new BrigadeError('validation', 'ID_BELOW_MINIMUM', COUNTER_MESSAGES.belowMinimum, {
      errors: [{ path: 'value', message: COUNTER_MESSAGES.belowMinimum }],
    });
  }
  return value;
}

/** A display id such as `TENANT-10000001` (the range's prefix). */
export const formatEntityId = (type: EntityType, id: number): string =>
  `${ENTITY_ID_RANGES[type].prefix}-${id}`;
