import { z } from 'zod';
import type { RestaurantEntityType } from '../counters';
import {
  type CashDrawer,
  cashDrawerSchema,
  createCashDrawerInputSchema,
  updateCashDrawerInputSchema,
} from './cash-drawer';
import { courseSchema, createCourseInputSchema, updateCourseInputSchema } from './course';
import {
  canClockIn,
  canManageOthers,
  createEmployeeInputSchema,
  type Employee,
  effectiveWage,
  employeeSchema,
  hasKitchenAccess,
  hasPosAccess,
  jobAssignmentSchema,
  updateEmployeeInputSchema,
  wageOverrideInputSchema,
} from './employee';
import { timestampFields } from './fields';
import { createItemInputSchema, itemSchema, updateItemInputSchema } from './item';
import { createJobTitleInputSchema, jobTitleSchema, updateJobTitleInputSchema } from './job-title';
import { createMenuGroupInputSchema, menuGroupSchema, updateMenuGroupInputSchema } from './menu-group';
import { mergePatchSchema } from './merge-patch';
import {
  createModifierGroupInputSchema,
  modifierGroupSchema,
  updateModifierGroupInputSchema,
} from './modifier-group';
import {
  createPrepStationInputSchema,
  prepStationSchema,
  updatePrepStationInputSchema,
} from './prep-station';
import { createPrinterInputSchema, printerSchema, updatePrinterInputSchema } from './printer';
import {
  createSalesCategoryInputSchema,
  salesCategorySchema,
  updateSalesCategoryInputSchema,
} from './sales-category';
import { createTagInputSchema, tagSchema, updateTagInputSchema } from './tag';
import { createTaxRateInputSchema, taxRateSchema, updateTaxRateInputSchema } from './tax-rate';

/**
 * The catalogue kinds, each described once: its URL segment, names, id field, counter, schemas
 * and not-found text. The API contracts, the use-cases and the tests are all generated from this list, so a
 * kind is added here and nowhere else (besides its table).
 */

type ObjectSchema = z.ZodObject<z.ZodRawShape, z.core.$ZodObjectConfig>;

export interface CatalogueKindDefinition {
  /** URL segment under the restaurant (docs/behaviour/README.md#requests-and-responses: kebab-case plurals). */
  path: string;
  /** For endpoint ids: listCourses, getCourse, ... */
  singular: string;
  plural: string;
  /** The entity's name in messages ('Modifier group'). */
  label: string;
  /** The entity's id field. */
  idField: string;
  /** The path parameter that carries the id. */
  idParam: string;
  /** The counter that issues ids; null when there is none (cash drawers). */
  entityType: RestaurantEntityType | null;
  /** A stored record: the merged result of an update is validated with it, and reads are shaped by it. */
  stored: ObjectSchema;
  /** Create and batch-create rows. */
  create: z.ZodType;
  /** Update bodies: merge patches (see merge-patch.ts). */
  patch: ObjectSchema;
  /** A record as the API returns it (the stored shape plus derived values, if any). */
  response: z.ZodType;
  /** The not-found text of a record. */
  notFound: (id: number) => string;
  /** Derived values added to a record on the way out. */
  present?: (record: Record<string, unknown>) => Record<string, unknown>;
}

const withIdText = (label: string) => (id: number) => `${label} with ID ${id} not found`;

type Options = Pick<CatalogueKindDefinition, 'path' | 'singular' | 'plural' | 'label' | 'idField'> &
  Partial<Pick<CatalogueKindDefinition, 'idParam' | 'notFound' | 'response' | 'present' | 'entityType'>> & {
    stored: ObjectSchema;
    create: z.ZodType;
    update: ObjectSchema;
    strict?: boolean;
  };

const defineKind = (options: Options): CatalogueKindDefinition => ({
  path: options.path,
  singular: options.singular,
  plural: options.plural,
  label: options.label,
  idField: options.idField,
  idParam: options.idParam ?? options.idField,
  entityType: options.entityType === undefined ? null : options.entityType,
  stored: options.stored,
  create: options.create,
  patch: mergePatchSchema(options.update, options.stored, { strict: options.strict ?? false }),
  response: options.response ?? options.stored,
  notFound: options.notFound ?? withIdText(options.label),
  ...(options.present ? { present: options.present } : {}),
});

// --- Simple kinds ---------------------------------------------------------------------------------------

export const COURSE_KIND = defineKind({
  path: 'courses',
  singular: 'Course',
  plural: 'Courses',
  label: 'Course',
  idField: 'courseId',
  entityType: 'courses',
  stored: courseSchema,
  create: createCourseInputSchema,
  update: updateCourseInputSchema,
});

export const TAG_KIND = defineKind({
  path: 'tags',
  singular: 'Tag',
  plural: 'Tags',
  label: 'Tag',
  idField: 'tagId',
  entityType: 'tags',
  stored: tagSchema,
  create: createTagInputSchema,
  update: updateTagInputSchema,
});

export const PREP_STATION_KIND = defineKind({
  path: 'prep-stations',
  singular: 'PrepStation',
  plural: 'PrepStations',
  label: 'Prep station',
  idField: 'prepStationId',
  entityType: 'prepStations',
  stored: prepStationSchema,
  create: createPrepStationInputSchema,
  update: updatePrepStationInputSchema,
});

export const SALES_CATEGORY_KIND = defineKind({
  path: 'sales-categories',
  singular: 'SalesCategory',
  plural: 'SalesCategories',
  label: 'Sales category',
  idField: 'salesCategoryId',
  entityType: 'salesCategories',
  stored: salesCategorySchema,
  create: createSalesCategoryInputSchema,
  update: updateSalesCategoryInputSchema,
});

export const TAX_RATE_KIND = defineKind({
  path: 'tax-rates',
  singular: 'TaxRate',
  plural: 'TaxRates',
  label: 'Tax rate',
  idField: 'taxRateId',
  entityType: 'taxRates',
  stored: taxRateSchema,
  create: createTaxRateInputSchema,
  update: updateTaxRateInputSchema,
});

export const PRINTER_KIND = defineKind({
  path: 'printers',
  singular: 'Printer',
  plural: 'Printers',
  label: 'Printer',
  idField: 'printerId',
  entityType: 'printers',
  stored: printerSchema,
  create: createPrinterInputSchema,
  update: updatePrinterInputSchema,
});

// A cash drawer has no timestamps of its own; like every other row it has them, and they are shown.
const storedCashDrawerSchema = cashDrawerSchema.extend(timestampFields);
export type StoredCashDrawer = CashDrawer & { createdAt: Date; updatedAt: Date };

export const CASH_DRAWER_KIND = defineKind({
  path: 'cash-drawers',
  singular: 'CashDrawer',
  plural: 'CashDrawers',
  label: 'Cash drawer',
  idField: 'id',
  idParam: 'cashDrawerId',
  // No counter exists for cash drawers: the use-case numbers them per restaurant.
  entityType: null,
  stored: storedCashDrawerSchema,
  create: createCashDrawerInputSchema,
  update: updateCashDrawerInputSchema,
});

export const JOB_TITLE_KIND = defineKind({
  path: 'job-titles',
  singular: 'JobTitle',
  plural: 'JobTitles',
  label: 'Job title',
  idField: 'jobId',
  entityType: 'jobTitles',
  stored: jobTitleSchema,
  create: createJobTitleInputSchema,
  update: updateJobTitleInputSchema,
});

// --- Employees ------------------------------------------------------------------------------------------

/** An employee's derived access and wage, computed on every read. */
export const employeeDerivedSchema = z.object({
  hasKitchenAccess: z.boolean(),
  hasPosAccess: z.boolean(),
  canManageOthers: z.boolean(),
  /** The active job's wageOverride, else hourlyRate; absent when neither is set. */
  effectiveWage: z.number().optional(),
  canClockIn: z.boolean(),
});
export type EmployeeDerived = z.infer<typeof employeeDerivedSchema>;

export const deriveEmployee = (employee: Employee): EmployeeDerived => {
  const wage = effectiveWage(employee);
  return {
    hasKitchenAccess: hasKitchenAccess(employee),
    hasPosAccess: hasPosAccess(employee),
    canManageOthers: canManageOthers(employee),
    ...(wage === undefined ? {} : { effectiveWage: wage }),
    canClockIn: canClockIn(employee),
  };
};

/**
 * The employee form refuses unknown fields, on create and on update. The employee's tenantId is
 * its tenant's (the scope's), so it is not an input; a supplied id and guid are used together.
 */
const jobAssignmentInputSchema = jobAssignmentSchema.extend({
  wageOverride: wageOverrideInputSchema.nullable().optional(),
  // Server-owned audit fields (stamped when an assignment changes); a client echoing what it read back is fine.
  lastUpdated: z.union([z.date(), z.iso.datetime({ offset: true })]).optional(),
});
const strictCreateEmployeeSchema = z.strictObject({
  ...createEmployeeInputSchema.omit({ tenantId: true }).shape,
  jobAssignments: z.array(jobAssignmentInputSchema).default([]),
});
const employeePatchSource = updateEmployeeInputSchema.extend({
  jobAssignments: z.array(jobAssignmentInputSchema).optional(),
});

export const EMPLOYEE_KIND = defineKind({
  path: 'employees',
  singular: 'Employee',
  plural: 'Employees',
  label: 'Employee',
  idField: 'employeeId',
  entityType: 'employees',
  stored: employeeSchema,
  create: strictCreateEmployeeSchema,
  update: employeePatchSource,
  strict: true,
  notFound: (id) => `Employee not found with employeeId: ${id}`,
  response: employeeSchema.extend({ derived: employeeDerivedSchema }),
  present: (record) => ({ ...record, derived: deriveEmployee(record as Employee) }),
});

// --- Items, modifier groups, menu groups ----------------------------------------------------------------

export const ITEM_KIND = defineKind({
  path: 'items',
  singular: 'Item',
  plural: 'Items',
  label: 'Item',
  idField: 'itemId',
  entityType: 'items',
  stored: itemSchema,
  create: createItemInputSchema,
  update: updateItemInputSchema,
});

export const MODIFIER_GROUP_KIND = defineKind({
  path: 'modifier-groups',
  singular: 'ModifierGroup',
  plural: 'ModifierGroups',
  label: 'Modifier group',
  idField: 'modifierGroupId',
  entityType: 'modifierGroups',
  stored: modifierGroupSchema,
  create: createModifierGroupInputSchema,
  update: updateModifierGroupInputSchema,
});

export const MENU_GROUP_KIND = defineKind({
  path: 'menu-groups',
  singular: 'MenuGroup',
  plural: 'MenuGroups',
  label: 'Menu group',
  idField: 'menuGroupId',
  entityType: 'menuGroups',
  stored: menuGroupSchema,
  create: createMenuGroupInputSchema,
  update: updateMenuGroupInputSchema,
});

/** Every kind, in the order a restaurant's data is best imported (referenced kinds first). */
export const CATALOGUE_KINDS: readonly CatalogueKindDefinition[] = [
  COURSE_KIND,
  TAG_KIND,
  PRINTER_KIND,
  PREP_STATION_KIND,
  SALES_CATEGORY_KIND,
  TAX_RATE_KIND,
  CASH_DRAWER_KIND,
  JOB_TITLE_KIND,
  EMPLOYEE_KIND,
  MODIFIER_GROUP_KIND,
  ITEM_KIND,
  MENU_GROUP_KIND,
];

/** A batch holds at most this many rows (decision 008). */
export const MAX_BATCH_ROWS = 1000;
