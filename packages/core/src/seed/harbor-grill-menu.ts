import { createHash } from 'node:crypto';
import type { CreateItemInput } from '@brigade/domain/catalogue/item';
import type { CreateMenuGroupInput } from '@brigade/domain/catalogue/menu-group';
import type { CreateModifierGroupInput } from '@brigade/domain/catalogue/modifier-group';
import type { LargeChainCatalogue } from '../catalogue/index';

/**
 * The demo restaurant's menu at `npm start` (Harbor Grill, a seafood grill in Portland): written by hand so
 * that a newcomer's first look at the management app, the menu display and the public site shows a menu a
 * restaurant could print — real dishes, sizes (oysters, chowder, wine), modifiers (steak temperature, sides,
 * add-ons), tags, taxes, stations and a weekend brunch with hours. Same shape as the large-chain fixture,
 * so it loads through the same batch path. Ids and guids are fixed, so re-seeding is stable.
 */

/** A stable guid from a name (version-4 layout), so every run seeds the same rows. */
const guidOf = (name: string) => {
  const hex = createHash('sha256').update(`harbor-grill:${name}`).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

const TAG_NAMES = [
  'Vegetarian',
  'Vegan',
  'Gluten free',
  'Spicy',
  "Chef's pick",
  'Local',
  'New',
  'Raw',
] as const;
type TagName = (typeof TAG_NAMES)[number];
const TAG_COLORS = ['#3f7d3a', '#2f6b4f', '#b7791f', '#c53030', '#c2410c', '#2b6cb0', '#6b46c1', '#4a5568'];
const tagId = (name: TagName) => TAG_NAMES.indexOf(name) + 1;

// Modifier groups, by id.
const TEMPERATURE = 1;
const SIDE = 2;
const ADD_PROTEIN = 3;
const OYSTER_EXTRAS = 4;
const DRESSING = 5;
const MILK = 6;

const modifierGroups: CreateModifierGroupInput[] = [
  {
    modifierGroupId: TEMPERATURE,
    guid: guidOf('mg:temperature'),
    name: 'Temperature',
    pricingStrategy: 'No charge',
    selectionRequirement: 'Required',
    minSelection: 1,
    maxSelection: 1,
    allowMultipleSelection: false,
    modifiers: ['Rare', 'Medium rare', 'Medium', 'Medium well', 'Well done'].map((name, i) => ({
      id: i + 1,
      guid: guidOf(`mod:temperature:${name}`),
      name,
    })),
  },
  {
    modifierGroupId: SIDE,
    guid: guidOf('mg:side'),
    name: 'Choose a side',
    pricingStrategy: 'No charge',
    selectionRequirement: 'Required',
    minSelection: 1,
    maxSelection: 1,
    allowMultipleSelection: false,
    modifiers: ['Hand-cut fries', 'Charred broccolini', 'Garlic mash', 'Little gem salad'].map((name, i) => ({
      id: i + 1,
      guid: guidOf(`mod:side:${name}`),
      name,
    })),
  },
  {
    modifierGroupId: ADD_PROTEIN,
    guid: guidOf('mg:add-protein'),
    name: 'Add protein',
    pricingStrategy: 'Individual',
    selectionRequirement: 'Optional',
    minSelection: 0,
    maxSelection: 2,
    allowMultipleSelection: true,
    modifiers: [
      ['Grilled shrimp', 8],
      ['Seared salmon', 10],
      ['Roast chicken', 6],
    ].map(([name, price], i) => ({
      id: i + 1,
      guid: guidOf(`mod:protein:${name}`),
      name: String(name),
      price: Number(price),
    })),
  },
  {
    modifierGroupId: OYSTER_EXTRAS,
    guid: guidOf('mg:oyster-extras'),
    name: 'On the side',
    pricingStrategy: 'No charge',
    selectionRequirement: 'Optional',
    minSelection: 0,
    maxSelection: 3,
    allowMultipleSelection: true,
    modifiers: ['Mignonette', 'Cocktail sauce', 'Fresh horseradish'].map((name, i) => ({
      id: i + 1,
      guid: guidOf(`mod:oyster:${name}`),
      name,
    })),
  },
  {
    modifierGroupId: DRESSING,
    guid: guidOf('mg:dressing'),
    name: 'Dressing',
    pricingStrategy: 'No charge',
    selectionRequirement: 'Required',
    minSelection: 1,
    maxSelection: 1,
    allowMultipleSelection: false,
    modifiers: ['Lemon vinaigrette', 'Green goddess', 'Blue cheese'].map((name, i) => ({
      id: i + 1,
      guid: guidOf(`mod:dressing:${name}`),
      name,
    })),
  },
  {
    modifierGroupId: MILK,
    guid: guidOf('mg:milk'),
    name: 'Milk',
    pricingStrategy: 'Individual',
    selectionRequirement: 'Optional',
    minSelection: 0,
    maxSelection: 1,
    allowMultipleSelection: false,
    modifiers: [
      ['Whole milk', 0],
      ['Oat milk', 0.75],
      ['Almond milk', 0.75],
    ].map(([name, price], i) => ({
      id: i + 1,
      guid: guidOf(`mod:milk:${name}`),
      name: String(name),
      price: Number(price),
    })),
  },
];

// Courses, sales categories, stations and taxes, by id.
const [STARTERS, MAINS, DESSERTS, DRINKS] = [1, 2, 3, 4];
const [FOOD, BEVERAGE, ALCOHOL] = [1, 2, 3];
const [GRILL, FRYER, COLD, BAR, PASTRY] = [1, 2, 3, 4, 5];
const [SALES_TAX, CITY_TAX, LIQUOR_TAX] = [1, 2, 3];

interface Dish {
  name: string;
  description: string;
  price?: number;
  sizes?: [string, number][];
  calories?: number;
  tags?: TagName[];
  modifiers?: number[];
  course: number;
  station: number;
  category?: number;
}

/** The dishes of each section, in menu order. */
const SECTIONS: Record<string, Dish[]> = {
  oysters: [
    {
      name: 'Kumamoto Oysters',
      description: 'Small, sweet and creamy; Humboldt Bay.',
      sizes: [
        ['Half dozen', 21],
        ['Dozen', 39],
      ],
      calories: 90,
      tags: ['Raw', 'Gluten free'],
      modifiers: [OYSTER_EXTRAS],
      course: STARTERS,
      station: COLD,
    },
    {
      name: 'Netarts Bay Oysters',
      description: 'Briny with a clean cucumber finish, from the Oregon coast.',
      sizes: [
        ['Half dozen', 19],
        ['Dozen', 35],
      ],
      calories: 90,
      tags: ['Raw', 'Local', 'Gluten free'],
      modifiers: [OYSTER_EXTRAS],
      course: STARTERS,
      station: COLD,
    },
  ],
  starters: [
    {
      name: 'Dungeness Crab Cakes',
      description: 'Two cakes, charred lemon aioli, pickled fennel.',
      price: 18,
      calories: 520,
      tags: ["Chef's pick", 'Local'],
      course: STARTERS,
      station: FRYER,
    },
    {
      name: 'Crispy Calamari',
      description: 'Cornmeal-dusted, Calabrian chili honey, lemon.',
      price: 15,
      calories: 610,
      tags: ['Spicy'],
      course: STARTERS,
      station: FRYER,
    },
    {
      name: 'Smoked Salmon Rillettes',
      description: 'Grilled sourdough, capers, dill crème fraîche.',
      price: 14,
      calories: 430,
      course: STARTERS,
      station: COLD,
    },
    {
      name: 'Grilled Artichoke',
      description: 'Whole artichoke over the coals, tarragon butter.',
      price: 12,
      calories: 280,
      tags: ['Vegetarian', 'Gluten free'],
      course: STARTERS,
      station: GRILL,
    },
  ],
  soups: [
    {
      name: 'Clam Chowder',
      description: 'Manila clams, smoked bacon, potatoes, oyster crackers.',
      sizes: [
        ['Cup', 8],
        ['Bowl', 13],
      ],
      calories: 380,
      tags: ["Chef's pick"],
      course: STARTERS,
      station: COLD,
    },
    {
      name: 'Little Gem Caesar',
      description: 'Anchovy dressing, parmesan, garlic crumbs.',
      price: 13,
      calories: 390,
      modifiers: [ADD_PROTEIN],
      course: STARTERS,
      station: COLD,
    },
    {
      name: 'Beet & Citrus Salad',
      description: 'Roasted beets, blood orange, pistachio, whipped feta.',
      price: 14,
      calories: 340,
      tags: ['Vegetarian', 'Gluten free'],
      modifiers: [DRESSING, ADD_PROTEIN],
      course: STARTERS,
      station: COLD,
    },
  ],
  grill: [
    {
      name: 'Wood-Grilled King Salmon',
      description: 'Chinook salmon, brown butter, charred leeks, herb salad.',
      price: 34,
      calories: 640,
      tags: ["Chef's pick", 'Gluten free', 'Local'],
      modifiers: [SIDE],
      course: MAINS,
      station: GRILL,
    },
    {
      name: 'Halibut & Chips',
      description: 'Beer-battered Alaskan halibut, malt vinegar, tartar sauce.',
      price: 26,
      calories: 980,
      modifiers: [],
      course: MAINS,
      station: FRYER,
    },
    {
      name: 'Grilled Prawns',
      description: 'Head-on prawns, chili-garlic butter, grilled bread.',
      price: 29,
      calories: 560,
      tags: ['Spicy'],
      modifiers: [SIDE],
      course: MAINS,
      station: GRILL,
    },
    {
      name: 'Ribeye, 14 oz',
      description: 'Dry-aged ribeye from Carman Ranch, bone marrow butter.',
      price: 52,
      calories: 1150,
      tags: ['Gluten free', 'Local'],
      modifiers: [TEMPERATURE, SIDE],
      course: MAINS,
      station: GRILL,
    },
    {
      name: 'Harbor Burger',
      description: 'Double patty, aged cheddar, caramelised onion, brioche bun.',
      price: 19,
      calories: 1080,
      modifiers: [TEMPERATURE, SIDE],
      course: MAINS,
      station: GRILL,
    },
    {
      name: 'Wild Mushroom Risotto',
      description: 'Chanterelles, parmesan, thyme, lemon zest.',
      price: 24,
      calories: 720,
      tags: ['Vegetarian', 'Gluten free'],
      modifiers: [ADD_PROTEIN],
      course: MAINS,
      station: GRILL,
    },
  ],
  sides: [
    {
      name: 'Hand-Cut Fries',
      description: 'Rosemary salt, garlic aioli.',
      price: 7,
      calories: 450,
      tags: ['Vegan'],
      course: MAINS,
      station: FRYER,
    },
    {
      name: 'Charred Broccolini',
      description: 'Chili flakes, toasted almonds, lemon.',
      price: 9,
      calories: 180,
      tags: ['Vegan', 'Gluten free'],
      course: MAINS,
      station: GRILL,
    },
    {
      name: 'Garlic Mash',
      description: 'Yukon golds, cultured butter, chives.',
      price: 8,
      calories: 320,
      tags: ['Vegetarian', 'Gluten free'],
      course: MAINS,
      station: GRILL,
    },
  ],
  desserts: [
    {
      name: 'Marionberry Cobbler',
      description: 'Oregon marionberries, oat crumble, vanilla ice cream.',
      price: 11,
      calories: 560,
      tags: ['Local'],
      course: DESSERTS,
      station: PASTRY,
    },
    {
      name: 'Dark Chocolate Pot de Crème',
      description: 'Sea salt, whipped cream, hazelnut brittle.',
      price: 10,
      calories: 480,
      tags: ['Gluten free'],
      course: DESSERTS,
      station: PASTRY,
    },
    {
      name: 'Lemon Olive Oil Cake',
      description: 'Candied lemon, crème fraîche.',
      price: 9,
      calories: 420,
      tags: ['New'],
      course: DESSERTS,
      station: PASTRY,
    },
  ],
  brunch: [
    {
      name: 'Dungeness Crab Benedict',
      description: 'Crab cakes, poached eggs, hollandaise, home fries.',
      price: 24,
      calories: 890,
      tags: ["Chef's pick"],
      course: MAINS,
      station: GRILL,
    },
    {
      name: 'Smoked Salmon Bagel',
      description: 'House-smoked salmon, cream cheese, capers, red onion.',
      price: 16,
      calories: 610,
      course: MAINS,
      station: COLD,
    },
    {
      name: 'Buttermilk Pancakes',
      description: 'Marionberry compote, maple butter.',
      price: 14,
      calories: 780,
      tags: ['Vegetarian'],
      course: MAINS,
      station: GRILL,
    },
  ],
  cocktails: [
    {
      name: 'Harbor Spritz',
      description: 'Aperol, sparkling wine, grapefruit, soda.',
      price: 13,
      calories: 190,
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
    {
      name: 'Smoked Old Fashioned',
      description: 'Bourbon, demerara, orange bitters, cedar smoke.',
      price: 15,
      calories: 210,
      tags: ["Chef's pick"],
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
    {
      name: 'Bloody Mary',
      description: 'House mix, celery salt rim, pickled green bean.',
      price: 12,
      calories: 160,
      tags: ['Spicy'],
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
  ],
  wine: [
    {
      name: 'Willamette Valley Pinot Noir',
      description: 'Bright cherry, forest floor; Dundee Hills.',
      sizes: [
        ['Glass', 15],
        ['Bottle', 58],
      ],
      calories: 125,
      tags: ['Local'],
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
    {
      name: 'Oregon Pinot Gris',
      description: 'Pear, white peach, crisp finish.',
      sizes: [
        ['Glass', 12],
        ['Bottle', 44],
      ],
      calories: 120,
      tags: ['Local'],
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
    {
      name: 'Brut Rosé',
      description: 'Strawberry, brioche, fine bubbles.',
      sizes: [
        ['Glass', 14],
        ['Bottle', 54],
      ],
      calories: 110,
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
  ],
  beer: [
    {
      name: 'Local IPA',
      description: 'Rotating Portland IPA on draft.',
      price: 8,
      calories: 220,
      tags: ['Local'],
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
    {
      name: 'Pilsner',
      description: 'Crisp Czech-style lager.',
      price: 7,
      calories: 180,
      course: DRINKS,
      station: BAR,
      category: ALCOHOL,
    },
  ],
  softDrinks: [
    {
      name: 'Cold Brew',
      description: 'Single-origin, steeped for 18 hours.',
      price: 5,
      calories: 5,
      tags: ['Vegan'],
      modifiers: [MILK],
      course: DRINKS,
      station: BAR,
      category: BEVERAGE,
    },
    {
      name: 'House Lemonade',
      description: 'Fresh lemons, a touch of lavender.',
      price: 5,
      calories: 140,
      tags: ['Vegan'],
      course: DRINKS,
      station: BAR,
      category: BEVERAGE,
    },
    {
      name: 'Sparkling Water',
      description: 'San Pellegrino, 750 ml.',
      price: 6,
      calories: 0,
      course: DRINKS,
      station: BAR,
      category: BEVERAGE,
    },
  ],
};

export function harborGrillCatalogue(): LargeChainCatalogue {
  const { items, idsOf } = itemsOfSections();
  // The demo takes orders online (its website's ordering is internal): its choices are offered there too.
  const offered = modifierGroups.map((group) => ({ ...group, pos: true, kiosk: true, onlineOrdering: true }));
  return { ...kindsOfHarborGrill(), modifierGroups: offered, items, ...menuGroupsOf(idsOf) };
}

/** Every dish as an item, section by section (ids in that order), and each section's item ids. */
function itemsOfSections(): { items: CreateItemInput[]; idsOf: Map<string, number[]> } {
  const items: CreateItemInput[] = [];
  const idsOf = new Map<string, number[]>();
  for (const [section, dishes] of Object.entries(SECTIONS)) {
    const ids: number[] = [];
    for (const dish of dishes) {
      const itemId = items.length + 1;
      ids.push(itemId);
      items.push(itemOf(dish, itemId));
    }
    idsOf.set(section, ids);
  }
  return { items, idsOf };
}

function itemOf(dish: Dish, itemId: number): CreateItemInput {
  const alcohol = dish.category === ALCOHOL;
  const base = {
    itemId,
    guid: guidOf(`item:${dish.name}`),
    name: dish.name,
    customerDescription: dish.description,
    ...(dish.calories !== undefined ? { calories: dish.calories } : {}),
    containsAlcohol: alcohol,
    tagIds: (dish.tags ?? []).map(tagId),
    modifierGroups: (dish.modifiers ?? []).map((modifierGroupId, position) => ({
      modifierGroupId,
      position,
    })),
    prepStationIds: [dish.station],
    courseId: dish.course,
    salesCategoryId: dish.category ?? FOOD,
    taxRateIds: alcohol ? [SALES_TAX, LIQUOR_TAX] : [SALES_TAX, CITY_TAX],
  };
  return dish.sizes
    ? {
        ...base,
        pricingStrategy: 'size',
        sizePrice: dish.sizes.map(([name, price], s) => ({
          id: s + 1,
          guid: guidOf(`size:${dish.name}:${name}`),
          name,
          price,
        })),
      }
    : { ...base, basePrice: dish.price ?? 0 };
}

/** The three menus and their groups, each group holding its section's items. */
function menuGroupsOf(idsOf: Map<string, number[]>) {
  const menuGroups: CreateMenuGroupInput[] = [];
  const itemsOfGroup = new Map<number, number[]>();
  const addGroup = (fields: Partial<CreateMenuGroupInput> & { name: string }, section?: string) => {
    const menuGroupId = menuGroups.length + 1;
    const itemIds = section ? (idsOf.get(section) ?? []) : [];
    itemsOfGroup.set(menuGroupId, itemIds);
    menuGroups.push({
      menuGroupId,
      guid: guidOf(`group:${fields.name}`),
      ...fields,
      items: itemIds.map((itemId, position) => ({ itemId, position, isRequired: false })),
    });
    return menuGroupId;
  };
  const allDay = addGroup({
    name: 'All Day',
    description: 'Lunch and dinner, from the raw bar to the wood grill',
    position: 0,
    isMenu: true,
  });
  const raw = addGroup({ name: 'Raw Bar & Starters', parentId: allDay, position: 0 }, 'starters');
  addGroup({ name: 'Oysters', description: 'Shucked to order', parentId: raw, position: 0 }, 'oysters');
  addGroup({ name: 'Soups & Salads', parentId: allDay, position: 1 }, 'soups');
  const grill = addGroup(
    {
      name: 'From the Wood Grill',
      description: 'Cooked over Oregon white oak',
      parentId: allDay,
      position: 2,
    },
    'grill',
  );
  addGroup({ name: 'Sides', parentId: grill, position: 0 }, 'sides');
  addGroup({ name: 'Desserts', parentId: allDay, position: 3 }, 'desserts');

  const brunch = addGroup({
    name: 'Weekend Brunch',
    description: 'Saturday and Sunday, 9 am to 2 pm',
    position: 1,
    isMenu: true,
    timeRange: { startTime: '09:00', endTime: '14:00' },
    daysOfWeek: {
      monday: false,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: false,
      saturday: true,
      sunday: true,
    },
  });
  addGroup({ name: 'Brunch Plates', parentId: brunch, position: 0 }, 'brunch');

  const drinks = addGroup({
    name: 'Drinks',
    description: 'Cocktails, Oregon wine and local beer',
    position: 2,
    isMenu: true,
  });
  addGroup({ name: 'Cocktails', parentId: drinks, position: 0 }, 'cocktails');
  addGroup({ name: 'Wine', parentId: drinks, position: 1 }, 'wine');
  addGroup({ name: 'Beer', parentId: drinks, position: 2 }, 'beer');
  addGroup({ name: 'Coffee & Soft Drinks', parentId: drinks, position: 3 }, 'softDrinks');

  return { menuGroups, menuIds: { allDay, breakfast: brunch, drinks }, itemsOfGroup };
}

/** Tags, tax rates, courses, sales categories and prep stations. */
function kindsOfHarborGrill() {
  return {
    tags: TAG_NAMES.map((name, i) => ({
      tagId: i + 1,
      guid: guidOf(`tag:${name}`),
      name,
      color: TAG_COLORS[i],
    })),
    taxRates: [
      { taxRateId: SALES_TAX, guid: guidOf('tax:state'), name: 'Sales tax', rate: 8.25, default: true },
      { taxRateId: CITY_TAX, guid: guidOf('tax:city'), name: 'Local restaurant tax', rate: 1.5 },
      { taxRateId: LIQUOR_TAX, guid: guidOf('tax:liquor'), name: 'Liquor tax', rate: 9 },
    ],
    courses: ['Starters', 'Mains', 'Desserts', 'Drinks'].map((name, i) => ({
      courseId: i + 1,
      guid: guidOf(`course:${name}`),
      name,
    })),
    salesCategories: ['Food', 'Beverage', 'Alcohol'].map((name, i) => ({
      salesCategoryId: i + 1,
      guid: guidOf(`category:${name}`),
      name,
      code: name.toUpperCase(),
    })),
    prepStations: ['Grill', 'Fryer', 'Cold line', 'Bar', 'Pastry'].map((name, i) => ({
      prepStationId: i + 1,
      guid: guidOf(`station:${name}`),
      name,
    })),
  };
}
