import type { CashDrawerDetails } from '@brigade/domain/catalogue/cash-drawer';
import type { AccountInfo, PosAccessConfig } from '@brigade/domain/catalogue/employee';
import type {
  ChannelAvailability,
  DateRange,
  SeasonalAvailability,
  TimeRange,
  WeekDays,
} from '@brigade/domain/catalogue/menu-group';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, guid, updatedAt } from './columns';
import { users } from './identity';
import { restaurants } from './tenancy';

/**
 * The catalogue (docs/architecture.md#data): one table per kind, keyed (tenant_id, restaurant_id,
 * <entity>_id) so every index starts with the tenant (the Citus distribution column), with a composite
 * foreign key to the restaurant under its tenant (a row can never drift into another tenant). Column keys
 * are the spec's field names, so a row reads as the entity. Menu trees are relational: menu_groups.parent_id,
 * menu_group_items, menu_group_modifier_groups, item_modifier_groups, item_size_prices, modifiers. Small
 * document-like parts (availability, seasonal windows, cash drawer details, employee account settings and
 * job assignments) are JSONB validated by the domain schemas.
 */

const scopeColumns = () => ({
  tenantId: integer('tenant_id').notNull(),
  restaurantId: integer('restaurant_id').notNull(),
});

const entityColumns = () => ({
  ...scopeColumns(),
  guid: guid(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

type Scoped = { tenantId: PgColumn; restaurantId: PgColumn; guid: PgColumn };

/** Key, guid uniqueness per tenant, and the composite foreign key to the restaurant (cascade). */
const entityConstraints = (name: string, t: Scoped, id: PgColumn) => [
  primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.restaurantId, id] }),
  uniqueIndex(`${name}_guid_key`).on(t.tenantId, t.guid),
  foreignKey({
    name: `${name}_restaurant_fk`,
    columns: [t.tenantId, t.restaurantId],
    foreignColumns: [restaurants.tenantId, restaurants.restaurantId],
  }).onDelete('cascade'),
];

const ids = (name: string) => integer(name).array().notNull().default(sql`'{}'::integer[]`);

// --- Simple kinds ---------------------------------------------------------------------------------------

export const courses = pgTable(
  'courses',
  {
    ...entityColumns(),
    courseId: integer('course_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => entityConstraints('courses', t, t.courseId),
);

export const tags = pgTable(
  'tags',
  {
    ...entityColumns(),
    tagId: integer('tag_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    color: text('color'),
    description: text('description'),
  },
  (t) => entityConstraints('tags', t, t.tagId),
);

export const prepStations = pgTable(
  'prep_stations',
  {
    ...entityColumns(),
    prepStationId: integer('prep_station_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    sendToExpediter: boolean('send_to_expediter').notNull().default(false),
    otherStationIds: ids('other_station_ids'),
    ticketPrinterId: integer('ticket_printer_id'),
    /** Where a ticket goes when the ticket printer does not take it (docs/jobs.md). */
    backupPrinterId: integer('backup_printer_id'),
    alwaysPrintTickets: boolean('always_print_tickets').notNull().default(false),
  },
  (t) => entityConstraints('prep_stations', t, t.prepStationId),
);

export const salesCategories = pgTable(
  'sales_categories',
  {
    ...entityColumns(),
    salesCategoryId: integer('sales_category_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    description: text('description'),
    code: text('code').notNull(),
  },
  (t) => entityConstraints('sales_categories', t, t.salesCategoryId),
);

export const taxRates = pgTable(
  'tax_rates',
  {
    ...entityColumns(),
    taxRateId: integer('tax_rate_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    importId: text('import_id'),
    type: text('type').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    rate: doublePrecision('rate').notNull().default(0),
    default: boolean('is_default').notNull().default(false),
    takeoutTaxEnabled: boolean('takeout_tax_enabled').notNull().default(false),
    takeoutTaxrate: doublePrecision('takeout_taxrate'),
    roundingOptions: text('rounding_options').notNull(),
  },
  (t) => entityConstraints('tax_rates', t, t.taxRateId),
);

export const printers = pgTable(
  'printers',
  {
    ...entityColumns(),
    printerId: integer('printer_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    model: text('model').notNull(),
    ipSetup: text('ip_setup').notNull(),
    serialNumber: text('serial_number'),
    ipAddress: text('ip_address'),
    customFooter: text('custom_footer'),
    kitchenTicketFontSize: text('kitchen_ticket_font_size').notNull(),
    customerReceiptFontSize: text('customer_receipt_font_size').notNull(),
    paperWidth: text('paper_width').notNull(),
    characterSet: text('character_set').notNull(),
    backupPrinterId: integer('backup_printer_id'),
    hasCashDrawer: text('has_cash_drawer').notNull(),
    cashDrawer: jsonb('cash_drawer').$type<CashDrawerDetails>(),
    /** Ours (issue 46 item 9): Raw TCP, Star CloudPRNT or Epson Server Direct Print. */
    connection: text('connection').notNull().default('Raw TCP'),
    /** A cloud printer's MAC address (Star) or printer ID (Epson), as its polls name it. */
    cloudDeviceId: text('cloud_device_id'),
  },
  (t) => entityConstraints('printers', t, t.printerId),
);

// Cash drawer: no counter exists for it, so ids are issued per restaurant by the use-case.
export const cashDrawers = pgTable(
  'cash_drawers',
  {
    ...entityColumns(),
    id: integer('cash_drawer_id').notNull(),
    number: text('number'),
    name: text('name'),
    primaryStartingBalance: doublePrecision('primary_starting_balance').notNull().default(0),
    secondaryStartingBalance: doublePrecision('secondary_starting_balance').notNull().default(0),
    primaryResetBalanceType: text('primary_reset_balance_type').notNull(),
    secondaryResetBalanceType: text('secondary_reset_balance_type').notNull(),
  },
  (t) => entityConstraints('cash_drawers', t, t.id),
);

export const jobTitles = pgTable(
  'job_titles',
  {
    ...entityColumns(),
    jobId: integer('job_id').notNull(),
    title: text('title').notNull(),
    color: text('color').notNull(),
    description: text('description'),
    defaultWage: doublePrecision('default_wage').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => entityConstraints('job_titles', t, t.jobId),
);

/** A job assignment as stored in JSONB: lastUpdated is an ISO string there. */
export interface StoredJobAssignment {
  jobId: number;
  isActive: boolean;
  wageOverride?: number | null;
  lastUpdated?: string;
  updatedBy?: string;
}

export const employees = pgTable(
  'employees',
  {
    ...entityColumns(),
    employeeId: integer('employee_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    chosenName: text('chosen_name'),
    email: text('email'),
    phone: text('phone'),
    role: text('role').notNull(),
    status: text('status').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    hourlyRate: doublePrecision('hourly_rate'),
    notes: text('notes'),
    posAccess: boolean('pos_access').notNull().default(false),
    kitchenAccess: boolean('kitchen_access').notNull().default(false),
    managerAccess: boolean('manager_access').notNull().default(false),
    accountInfo: jsonb('account_info').$type<AccountInfo>().notNull(),
    posAccessConfig: jsonb('pos_access_config').$type<PosAccessConfig>().notNull(),
    jobAssignments: jsonb('job_assignments').$type<StoredJobAssignment[]>().notNull(),
    showWages: boolean('show_wages').notNull().default(true),
    // issue 23: the Brigade user this employee is (a member of the tenant); cleared when the user goes
    userId: text('user_id').references(() => users.uid, { onDelete: 'set null' }),
  },
  (t) => [
    ...entityConstraints('employees', t, t.employeeId),
    // Deleting or deactivating a job title asks which employees hold it.
    index('employees_job_assignments_idx').using('gin', t.jobAssignments),
  ],
);

// --- Modifier groups and modifiers ----------------------------------------------------------------------

export const modifierGroups = pgTable(
  'modifier_groups',
  {
    ...entityColumns(),
    modifierGroupId: integer('modifier_group_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    posName: text('pos_name'),
    buttonColor: text('button_color'),
    pricingStrategy: text('pricing_strategy').notNull(),
    groupPrice: doublePrecision('group_price'),
    selectionRequirement: text('selection_requirement').notNull(),
    includePosPrompt: boolean('include_pos_prompt').notNull(),
    allowMultipleSelection: boolean('allow_multiple_selection').notNull(),
    minSelection: integer('min_selection').notNull(),
    maxSelection: integer('max_selection'),
    allowDuplicateSelection: boolean('allow_duplicate_selection').notNull(),
    pos: boolean('pos').notNull(),
    kiosk: boolean('kiosk').notNull(),
    onlineOrdering: boolean('online_ordering').notNull(),
    customerInvoices: boolean('customer_invoices').notNull(),
    onlineOrderingPartners: boolean('online_ordering_partners').notNull(),
    isActive: boolean('is_active').notNull(),
  },
  (t) => entityConstraints('modifier_groups', t, t.modifierGroupId),
);

// Modifiers live inside their group (no counter of their own); ordinal keeps the list order.
export const modifiers = pgTable(
  'modifiers',
  {
    ...scopeColumns(),
    modifierGroupId: integer('modifier_group_id').notNull(),
    id: integer('modifier_id').notNull(),
    guid: guid(),
    ordinal: integer('ordinal').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    price: doublePrecision('price'),
    calories: doublePrecision('calories'),
  },
  (t) => [
    primaryKey({ name: 'modifiers_pkey', columns: [t.tenantId, t.restaurantId, t.modifierGroupId, t.id] }),
    foreignKey({
      name: 'modifiers_group_fk',
      columns: [t.tenantId, t.restaurantId, t.modifierGroupId],
      foreignColumns: [modifierGroups.tenantId, modifierGroups.restaurantId, modifierGroups.modifierGroupId],
    }).onDelete('cascade'),
  ],
);

// --- Items ----------------------------------------------------------------------------------------------

export const items = pgTable(
  'items',
  {
    ...entityColumns(),
    itemId: integer('item_id').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    calories: doublePrecision('calories'),
    posName: text('pos_name'),
    posColor: text('pos_color'),
    posDescription: text('pos_description'),
    customerDescription: text('customer_description'),
    imageUrl: text('image_url'),
    plu: text('plu'),
    sku: text('sku'),
    containsAlcohol: boolean('contains_alcohol').notNull(),
    pricingStrategy: text('pricing_strategy').notNull(),
    basePrice: doublePrecision('base_price'),
    openPrice: boolean('open_price').notNull(),
    kitchenName: text('kitchen_name'),
    kdsColor: text('kds_color'),
    prepStationIds: ids('prep_station_ids'),
    courseId: integer('course_id'),
    salesCategoryId: integer('sales_category_id'),
    taxRateIds: ids('tax_rate_ids'),
    taxInclusion: boolean('tax_inclusion').notNull(),
    takeoutTaxException: boolean('takeout_tax_exception').notNull(),
    pos: boolean('pos').notNull(),
    kiosk: boolean('kiosk').notNull(),
    onlineOrdering: boolean('online_ordering').notNull(),
    customerInvoices: boolean('customer_invoices').notNull(),
    onlineOrderingPartners: boolean('online_ordering_partners').notNull(),
    tagIds: ids('tag_ids'),
  },
  (t) => entityConstraints('items', t, t.itemId),
);

export const itemSizePrices = pgTable(
  'item_size_prices',
  {
    ...scopeColumns(),
    itemId: integer('item_id').notNull(),
    id: integer('size_price_id').notNull(),
    guid: guid(),
    ordinal: integer('ordinal').notNull(),
    number: text('number'),
    name: text('name').notNull(),
    price: doublePrecision('price').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'item_size_prices_pkey', columns: [t.tenantId, t.restaurantId, t.itemId, t.id] }),
    foreignKey({
      name: 'item_size_prices_item_fk',
      columns: [t.tenantId, t.restaurantId, t.itemId],
      foreignColumns: [items.tenantId, items.restaurantId, items.itemId],
    }).onDelete('cascade'),
  ],
);

/** The selection overrides of a ModifierGroupReference, shared by items and menu groups. */
const referenceColumns = () => ({
  ordinal: integer('ordinal').notNull(),
  position: integer('position').notNull().default(0),
  isRequired: boolean('is_required'),
  minSelection: integer('min_selection'),
  maxSelection: integer('max_selection'),
  allowMultipleSelection: boolean('allow_multiple_selection'),
  allowDuplicateSelection: boolean('allow_duplicate_selection'),
});

// Deleting a modifier group unlinks it from the items that use it (cascade): see decision 008.
export const itemModifierGroups = pgTable(
  'item_modifier_groups',
  {
    ...scopeColumns(),
    itemId: integer('item_id').notNull(),
    modifierGroupId: integer('modifier_group_id').notNull(),
    ...referenceColumns(),
  },
  (t) => [
    primaryKey({
      name: 'item_modifier_groups_pkey',
      columns: [t.tenantId, t.restaurantId, t.itemId, t.modifierGroupId],
    }),
    foreignKey({
      name: 'item_modifier_groups_item_fk',
      columns: [t.tenantId, t.restaurantId, t.itemId],
      foreignColumns: [items.tenantId, items.restaurantId, items.itemId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'item_modifier_groups_group_fk',
      columns: [t.tenantId, t.restaurantId, t.modifierGroupId],
      foreignColumns: [modifierGroups.tenantId, modifierGroups.restaurantId, modifierGroups.modifierGroupId],
    }).onDelete('cascade'),
    index('item_modifier_groups_group_idx').on(t.tenantId, t.restaurantId, t.modifierGroupId),
  ],
);

// --- Menu groups ----------------------------------------------------------------------------------------

export const menuGroups = pgTable(
  'menu_groups',
  {
    ...entityColumns(),
    menuGroupId: integer('menu_group_id').notNull(),
    // A parent group is one without parentId.
    parentId: integer('parent_id'),
    number: text('number'),
    name: text('name').notNull(),
    posName: text('pos_name'),
    buttonColor: text('button_color'),
    position: integer('position').notNull().default(0),
    description: text('description'),
    image: text('image'),
    isMenu: boolean('is_menu').notNull(),
    isActive: boolean('is_active').notNull(),
    pricingType: text('pricing_type').notNull(),
    fixedPrice: doublePrecision('fixed_price'),
    discountPercentage: doublePrecision('discount_percentage'),
    minRequired: integer('min_required'),
    maxSelections: integer('max_selections'),
    visibleInPOS: boolean('visible_in_pos').notNull(),
    visibleInKiosk: boolean('visible_in_kiosk').notNull(),
    visibleInOnlineOrdering: boolean('visible_in_online_ordering').notNull(),
    visibleInPartners: boolean('visible_in_partners').notNull(),
    visibleInInvoices: boolean('visible_in_invoices').notNull(),
    inheritHideModifierPrices: boolean('inherit_hide_modifier_prices').notNull(),
    availability: jsonb('availability').$type<ChannelAvailability>().notNull(),
    dateRange: jsonb('date_range').$type<DateRange>(),
    timeRange: jsonb('time_range').$type<TimeRange>(),
    daysOfWeek: jsonb('days_of_week').$type<WeekDays>().notNull(),
    daysAvailable: jsonb('days_available').$type<WeekDays>().notNull(),
    seasonalAvailability: jsonb('seasonal_availability').$type<SeasonalAvailability>().notNull(),
    tagIds: ids('tag_ids'),
    isSpecial: boolean('is_special').notNull(),
    isPriority: boolean('is_priority').notNull(),
  },
  (t) => [
    ...entityConstraints('menu_groups', t, t.menuGroupId),
    // A parent must exist in the same restaurant. Deleting a parent first unlinks its children (decision 008).
    foreignKey({
      name: 'menu_groups_parent_fk',
      columns: [t.tenantId, t.restaurantId, t.parentId],
      foreignColumns: [t.tenantId, t.restaurantId, t.menuGroupId],
    }),
    index('menu_groups_parent_idx').on(t.tenantId, t.restaurantId, t.parentId, t.position),
  ],
);

// ItemReference. Deleting an item unlinks it from every menu group (cascade): see decision 008.
export const menuGroupItems = pgTable(
  'menu_group_items',
  {
    ...scopeColumns(),
    menuGroupId: integer('menu_group_id').notNull(),
    itemId: integer('item_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    position: integer('position').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
  },
  (t) => [
    primaryKey({
      name: 'menu_group_items_pkey',
      columns: [t.tenantId, t.restaurantId, t.menuGroupId, t.itemId],
    }),
    foreignKey({
      name: 'menu_group_items_group_fk',
      columns: [t.tenantId, t.restaurantId, t.menuGroupId],
      foreignColumns: [menuGroups.tenantId, menuGroups.restaurantId, menuGroups.menuGroupId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'menu_group_items_item_fk',
      columns: [t.tenantId, t.restaurantId, t.itemId],
      foreignColumns: [items.tenantId, items.restaurantId, items.itemId],
    }).onDelete('cascade'),
    index('menu_group_items_item_idx').on(t.tenantId, t.restaurantId, t.itemId),
  ],
);

export const menuGroupModifierGroups = pgTable(
  'menu_group_modifier_groups',
  {
    ...scopeColumns(),
    menuGroupId: integer('menu_group_id').notNull(),
    modifierGroupId: integer('modifier_group_id').notNull(),
    ...referenceColumns(),
  },
  (t) => [
    primaryKey({
      name: 'menu_group_modifier_groups_pkey',
      columns: [t.tenantId, t.restaurantId, t.menuGroupId, t.modifierGroupId],
    }),
    foreignKey({
      name: 'menu_group_modifier_groups_group_fk',
      columns: [t.tenantId, t.restaurantId, t.menuGroupId],
      foreignColumns: [menuGroups.tenantId, menuGroups.restaurantId, menuGroups.menuGroupId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'menu_group_modifier_groups_modifier_group_fk',
      columns: [t.tenantId, t.restaurantId, t.modifierGroupId],
      foreignColumns: [modifierGroups.tenantId, modifierGroups.restaurantId, modifierGroups.modifierGroupId],
    }).onDelete('cascade'),
    index('menu_group_modifier_groups_mg_idx').on(t.tenantId, t.restaurantId, t.modifierGroupId),
  ],
);
