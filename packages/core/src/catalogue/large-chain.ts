import type { Db } from '@brigade/db/database';
import type { CreateItemInput } from '@brigade/domain/catalogue/item';
import type { CreateMenuGroupInput } from '@brigade/domain/catalogue/menu-group';
import type { CreateModifierGroupInput } from '@brigade/domain/catalogue/modifier-group';
import { harborGrillCatalogue } from '../seed/index';
import { createEntities, listEntities } from './catalogue-service';
import {
  COURSE_STORE,
  PREP_STATION_STORE,
  SALES_CATEGORY_STORE,
  TAG_STORE,
  TAX_RATE_STORE,
} from './kind-stores';
import { MENU_GROUP_STORE } from './menu-group-store';
import { ITEM_STORE, MODIFIER_GROUP_STORE } from './product-stores';
import type { CatalogueScope } from './scope';

/**
 * A "large chain" catalogue (issue 6), deterministic for a given seed: about 250 items (every fifth priced
 * by size, a few open-priced), 40 modifier groups of 6 modifiers, 30 menu groups nested up to 4 deep in 3
 * menus, tags, tax rates, courses, sales categories and prep stations. Ids and guids are supplied (and
 * kept), so references hold in any restaurant. Used by tests, `npm run bench` and `brigade seed --large`.
 */

export interface LargeChainOptions {
  items?: number;
  modifierGroups?: number;
  modifiersPerGroup?: number;
  seed?: number;
}

export interface LargeChainCatalogue {
  tags: Record<string, unknown>[];
  taxRates: Record<string, unknown>[];
  courses: Record<string, unknown>[];
  salesCategories: Record<string, unknown>[];
  prepStations: Record<string, unknown>[];
  modifierGroups: CreateModifierGroupInput[];
  items: CreateItemInput[];
  menuGroups: CreateMenuGroupInput[];
  /** The menus (parent groups) by id, and every group's items, for checking what a resolved read returns. */
  menuIds: { allDay: number; breakfast: number; drinks: number };
  itemsOfGroup: Map<number, number[]>;
}

/**
 * Seeded draws: mulberry32, a small seeded generator, so the same seed always builds the same catalogue.
 * Every part of the catalogue draws from one sequence in a fixed order, so the order of the calls below is
 * part of what a seed means.
 */
interface Draw {
  next(): number;
  pick<T>(list: readonly T[]): T;
  uuid(): string;
  money(min: number, max: number): number;
}

function drawFrom(seed: number): Draw {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    money: (min, max) => Math.round((min + next() * (max - min)) * 4) / 4,
  };
}

const WORDS = [
  'Smoked',
  'Crispy',
  'Grilled',
  'Garden',
  'Spicy',
  'House',
  'Classic',
  'Harbor',
  'Golden',
  'Wild',
];
const FOODS = ['Burger', 'Salad', 'Tacos', 'Wrap', 'Bowl', 'Pizza', 'Pasta', 'Sandwich', 'Soup', 'Platter'];
const TAGS = [
  'Vegan',
  'Vegetarian',
  'Gluten free',
  'Spicy',
  'New',
  'Popular',
  'Kids',
  'Local',
  'Organic',
  'Halal',
];

export function generateLargeChain(options: LargeChainOptions = {}): LargeChainCatalogue {
  const draw = drawFrom(options.seed ?? 42);
  const groupCount = options.modifierGroups ?? 40;
  const kinds = kindsOf(draw);
  const modifierGroups = modifierGroupsOf(draw, groupCount, options.modifiersPerGroup ?? 6);
  const items = itemsOf(draw, options.items ?? 250, groupCount);
  return { ...kinds, modifierGroups, items, ...menuGroupsOf(draw, items.length, groupCount) };
}

/** Tags, tax rates, courses, sales categories and prep stations. */
function kindsOf({ uuid }: Draw) {
  const tags = TAGS.map((name, i) => ({
    tagId: i + 1,
    guid: uuid(),
    name,
    color: `#${(i * 1234567) % 0xffffff}`,
  }));
  const taxRates = [
    { taxRateId: 1, guid: uuid(), name: 'State sales tax', rate: 6.25, default: true },
    { taxRateId: 2, guid: uuid(), name: 'City tax', rate: 1.75 },
    { taxRateId: 3, guid: uuid(), name: 'Liquor tax', rate: 9 },
  ];
  const courses = ['Starters', 'Mains', 'Desserts', 'Drinks'].map((name, i) => ({
    courseId: i + 1,
    guid: uuid(),
    name,
  }));
  const salesCategories = ['Food', 'Beverage', 'Alcohol', 'Retail', 'Other'].map((name, i) => ({
    salesCategoryId: i + 1,
    guid: uuid(),
    name,
    code: name.toUpperCase(),
  }));
  const prepStations = ['Grill', 'Fryer', 'Cold line', 'Bar'].map((name, i) => ({
    prepStationId: i + 1,
    guid: uuid(),
    name,
  }));
  return { tags, taxRates, courses, salesCategories, prepStations };
}

/** Modifier groups by turns No charge, Individual and Group; every fourth one required. */
function modifierGroupsOf(draw: Draw, groupCount: number, perGroup: number): CreateModifierGroupInput[] {
  const { next, pick, uuid, money } = draw;
  const strategies = ['No charge', 'Individual', 'Group'] as const;
  return Array.from({ length: groupCount }, (_, g) => {
    const pricingStrategy = strategies[g % 3]!;
    const required = g % 4 === 0;
    return {
      modifierGroupId: g + 1,
      guid: uuid(),
      name: `${pick(WORDS)} options ${g + 1}`,
      pricingStrategy,
      ...(pricingStrategy === 'Group' ? { groupPrice: money(0.5, 3) } : {}),
      selectionRequirement: required ? 'Required' : 'Optional',
      minSelection: required ? 1 : 0,
      maxSelection: 1 + (g % 3),
      allowMultipleSelection: g % 3 !== 0,
      pos: true,
      kiosk: true,
      onlineOrdering: true,
      modifiers: Array.from({ length: perGroup }, (_, m) => ({
        id: m + 1,
        guid: uuid(),
        name: `Choice ${m + 1}`,
        ...(pricingStrategy === 'Individual' ? { price: money(0, 2.5) } : {}),
        calories: Math.round(next() * 200),
      })),
    };
  });
}

/** Items: the last 30 are drinks; every fifth is priced by size, every fiftieth is open-priced. */
function itemsOf(draw: Draw, itemCount: number, groupCount: number): CreateItemInput[] {
  const { next, pick, uuid, money } = draw;
  return Array.from({ length: itemCount }, (_, i) => {
    const itemId = i + 1;
    const drink = i >= itemCount - 30;
    const name = drink ? `${pick(WORDS)} drink ${itemId}` : `${pick(WORDS)} ${pick(FOODS)} ${itemId}`;
    const refs = Array.from({ length: 1 + (i % 3) }, (_, r) => ({
      modifierGroupId: ((i * 7 + r * 13) % groupCount) + 1,
      position: r,
    })).filter(
      (ref, index, all) => all.findIndex((other) => other.modifierGroupId === ref.modifierGroupId) === index,
    );
    const base = {
      itemId,
      guid: uuid(),
      name,
      customerDescription: `${name}, made to order.`,
      calories: Math.round(200 + next() * 900),
      containsAlcohol: drink && i % 2 === 0,
      modifierGroups: refs,
      prepStationIds: [drink ? 4 : 1 + (i % 3)],
      courseId: drink ? 4 : 1 + (i % 3),
      salesCategoryId: drink ? (i % 2 === 0 ? 3 : 2) : 1,
      taxRateIds: drink && i % 2 === 0 ? [1, 3] : [1, 2],
      tagIds: [1 + (i % 10), 1 + ((i * 3) % 10)].filter((id, index, all) => all.indexOf(id) === index),
      // Some items are not sold at the kiosk or through partners.
      kiosk: i % 11 !== 0,
      onlineOrderingPartners: i % 7 !== 0,
    };
    if (i % 50 === 49) return { ...base, pricingStrategy: 'open', openPrice: true };
    if (i % 5 === 0) {
      return {
        ...base,
        pricingStrategy: 'size',
        sizePrice: ['Small', 'Regular', 'Large'].map((size, s) => ({
          id: s + 1,
          guid: uuid(),
          name: size,
          price: money(4 + s * 2, 6 + s * 3),
        })),
      };
    }
    return { ...base, basePrice: money(3, 28) };
  });
}

/** Menu groups being built: each added group takes the next id, and food items are handed out in order. */
class MenuBuilder {
  readonly menuGroups: CreateMenuGroupInput[] = [];
  readonly itemsOfGroup = new Map<number, number[]>();
  private nextGroupId = 1;
  private cursor = 1;

  constructor(
    private readonly draw: Draw,
    /** Items 1..foodItems are food; the ones after are drinks. */
    readonly foodItems: number,
  ) {}

  add(fields: Partial<CreateMenuGroupInput> & { name: string }, itemIds: number[] = []): number {
    const menuGroupId = this.nextGroupId++;
    this.itemsOfGroup.set(menuGroupId, itemIds);
    this.menuGroups.push({
      menuGroupId,
      guid: this.draw.uuid(),
      ...fields,
      items: itemIds.map((itemId, position) => ({ itemId, position, isRequired: false })),
    });
    return menuGroupId;
  }

  /** The next `count` food items not yet on a menu (fewer when they run out). */
  takeItems(count: number): number[] {
    const ids: number[] = [];
    for (let i = 0; i < count && this.cursor <= this.foodItems; i++) ids.push(this.cursor++);
    return ids;
  }
}

/** 30 groups in 3 menus, up to 4 deep: All Day (21 groups), Breakfast (4), Drinks (5). */
function menuGroupsOf(draw: Draw, itemCount: number, groupCount: number) {
  const menus = new MenuBuilder(draw, itemCount - 30);
  const allDay = addAllDayMenu(menus, groupCount);
  const breakfast = menus.add({
    name: 'Breakfast',
    description: 'Until 11',
    position: 1,
    isMenu: true,
    timeRange: { startTime: '06:00', endTime: '11:00' },
  });
  for (let c = 0; c < 3; c++)
    menus.add({ name: `Breakfast ${c + 1}`, parentId: breakfast, position: c }, menus.takeItems(10));
  const drinks = menus.add({ name: 'Drinks', position: 2, isMenu: true });
  for (let c = 0; c < 4; c++) {
    const first = menus.foodItems + c * 8 + 1;
    const ids = Array.from({ length: c === 3 ? 6 : 8 }, (_, k) => first + k).filter((id) => id <= itemCount);
    menus.add({ name: ['Soft drinks', 'Coffee', 'Beer', 'Wine'][c]!, parentId: drinks, position: c }, ids);
  }
  addLeftOverItems(menus);
  const { menuGroups, itemsOfGroup } = menus;
  return { menuGroups, menuIds: { allDay, breakfast, drinks }, itemsOfGroup };
}

/** All Day: four sections of three categories each, the first category of each with a specials subgroup. */
function addAllDayMenu(menus: MenuBuilder, groupCount: number): number {
  const allDay = menus.add({ name: 'All Day', description: 'Served all day', position: 0, isMenu: true });
  const sections = ['Starters', 'Mains', 'Sides', 'Desserts'];
  const perLeaf = Math.floor((menus.foodItems - 40) / 20);
  for (const [s, section] of sections.entries()) {
    const sectionId = menus.add(
      { name: section, parentId: allDay, position: sections.length - s },
      menus.takeItems(5),
    );
    for (let c = 0; c < 3; c++) {
      const categoryId = menus.add(
        {
          name: `${section} ${c + 1}`,
          parentId: sectionId,
          position: c,
          modifierGroups: [{ modifierGroupId: ((s * 3 + c) % groupCount) + 1, position: 0 }],
          ...(s === 2 && c === 2 ? { visibleInKiosk: false } : {}),
        },
        menus.takeItems(perLeaf),
      );
      if (c === 0)
        menus.add(
          { name: `${section} specials`, parentId: categoryId, position: 0, isSpecial: true },
          menus.takeItems(2),
        );
    }
  }
  return allDay;
}

/** Left-over food items go to the first section so every item is on a menu. */
function addLeftOverItems(menus: MenuBuilder): void {
  const rest = menus.takeItems(menus.foodItems);
  if (rest.length === 0) return;
  const first = menus.menuGroups[1]!;
  first.items = [
    ...(first.items ?? []),
    ...rest.map((itemId, k) => ({ itemId, position: 100 + k, isRequired: false })),
  ];
  menus.itemsOfGroup.set(first.menuGroupId!, [
    ...(menus.itemsOfGroup.get(first.menuGroupId!) ?? []),
    ...rest,
  ]);
}

/** Stores a generated catalogue in a restaurant, kind by kind (each kind one all-or-nothing batch). */
export async function loadLargeChain(db: Db, scope: CatalogueScope, catalogue = generateLargeChain()) {
  await createEntities(db, TAG_STORE, scope, catalogue.tags);
  await createEntities(db, TAX_RATE_STORE, scope, catalogue.taxRates);
  await createEntities(db, COURSE_STORE, scope, catalogue.courses);
  await createEntities(db, SALES_CATEGORY_STORE, scope, catalogue.salesCategories);
  await createEntities(db, PREP_STATION_STORE, scope, catalogue.prepStations);
  await createEntities(db, MODIFIER_GROUP_STORE, scope, catalogue.modifierGroups);
  await createEntities(db, ITEM_STORE, scope, catalogue.items);
  await createEntities(db, MENU_GROUP_STORE, scope, catalogue.menuGroups);
  return catalogue;
}

/**
 * `brigade seed --large`: the large-chain catalogue in a restaurant that has no items yet (so seeding twice
 * changes nothing). Returns false when the restaurant already had a catalogue.
 */
export async function seedLargeChainOnce(
  db: Db,
  scope: CatalogueScope,
  catalogue: LargeChainCatalogue | (() => LargeChainCatalogue) = generateLargeChain,
): Promise<boolean> {
  const existing = await listEntities(db, ITEM_STORE, scope, { limit: 1 });
  if (existing.data.length > 0) return false;
  await loadLargeChain(db, scope, typeof catalogue === 'function' ? catalogue() : catalogue);
  return true;
}

/** The demo restaurant's menu at `npm start`: Harbor Grill's hand-written menu, in the fixture's shape. */
export const demoCatalogue = (): LargeChainCatalogue => harborGrillCatalogue();
