/**
 * The emulator's fixed world: a dozen restaurants in Portland, Oregon, and the places of the two demo
 * restaurants in Portland, Maine (so `npm start`'s demo links to Google in one search), in Places API (New)'s
 * wire shape, with hours, ratings, price levels and 1-4 photos
 * each. Ids are stable so tests and demos can name them.
 */

export interface WorldPhoto {
  reference: string;
  widthPx: number;
  heightPx: number;
  author: string;
  /** The generated image's colour. */
  colour: string;
}

export interface WorldPlace {
  id: string;
  name: string;
  address: string;
  phone: string;
  website?: string;
  latitude: number;
  longitude: number;
  types: string[];
  /** Words a text search also finds the place by (its cuisine). */
  keywords: string[];
  rating: number;
  userRatingCount: number;
  priceLevel: number;
  /** Opening and closing hour per weekday, Sunday (0) first; null when closed that day. */
  hours: readonly ([number, number] | null)[];
  businessStatus?: 'OPERATIONAL' | 'CLOSED_TEMPORARILY' | 'CLOSED_PERMANENTLY';
  photos: WorldPhoto[];
  summary: string;
}

const everyDay = (open: number, close: number) =>
  Array.from({ length: 7 }, () => [open, close] as [number, number]);
const closedMonday = (open: number, close: number) =>
  everyDay(open, close).map((hours, day) => (day === 1 ? null : hours));

const photos = (prefix: string, colours: string[], author: string): WorldPhoto[] =>
  colours.map((colour, index) => ({
    reference: `${prefix}Photo${index + 1}`,
    widthPx: index % 2 === 0 ? 1600 : 1200,
    heightPx: index % 2 === 0 ? 1200 : 1600,
    author: index === 0 ? author : `Guest ${index}`,
    colour,
  }));

export const WORLD: readonly WorldPlace[] = [
  {
    id: 'ChIJBrigadeEmuPdx0001',
    name: 'Rose City Trattoria',
    address: '1201 NW Couch St, Portland, OR 97209, USA',
    phone: '(503) 555-0101',
    website: 'https://rosecitytrattoria.example.com/',
    latitude: 45.5236,
    longitude: -122.6847,
    types: ['italian_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['italian', 'pasta', 'pizza', 'trattoria'],
    rating: 4.6,
    userRatingCount: 1284,
    priceLevel: 2,
    hours: closedMonday(11, 22),
    photos: photos('Trattoria', ['#b91c1c', '#f59e0b', '#15803d'], 'Rose City Trattoria'),
    summary: 'Handmade pasta and wood-fired pizza in the Pearl District.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0002',
    name: 'Burnside Noodle Bar',
    address: '415 E Burnside St, Portland, OR 97214, USA',
    phone: '(503) 555-0102',
    website: 'https://burnsidenoodle.example.com/',
    latitude: 45.5229,
    longitude: -122.6601,
    types: ['ramen_restaurant', 'japanese_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['ramen', 'noodle', 'noodles', 'japanese'],
    rating: 4.4,
    userRatingCount: 902,
    priceLevel: 1,
    hours: everyDay(11, 23),
    photos: photos('Noodle', ['#7c2d12', '#fde68a'], 'Burnside Noodle Bar'),
    summary: 'Rich tonkotsu ramen and small plates until late.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0003',
    name: 'Hawthorne Taqueria',
    address: '3520 SE Hawthorne Blvd, Portland, OR 97214, USA',
    phone: '(503) 555-0103',
    latitude: 45.512,
    longitude: -122.6275,
    types: ['mexican_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['mexican', 'tacos', 'taqueria', 'burritos'],
    rating: 4.5,
    userRatingCount: 2210,
    priceLevel: 1,
    hours: everyDay(10, 22),
    photos: photos('Taqueria', ['#16a34a', '#dc2626', '#facc15', '#ea580c'], 'Hawthorne Taqueria'),
    summary: 'Street tacos with tortillas pressed to order.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0004',
    name: 'Alberta Street Bistro',
    address: '1620 NE Alberta St, Portland, OR 97211, USA',
    phone: '(503) 555-0104',
    website: 'https://albertabistro.example.com/',
    latitude: 45.559,
    longitude: -122.6482,
    types: ['french_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['french', 'bistro', 'brunch'],
    rating: 4.7,
    userRatingCount: 640,
    priceLevel: 3,
    hours: closedMonday(17, 22),
    photos: photos('Bistro', ['#1e3a8a', '#e5e7eb'], 'Alberta Street Bistro'),
    summary: 'A neighbourhood French bistro with a seasonal menu.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0005',
    name: 'Division Street Thai',
    address: '2932 SE Division St, Portland, OR 97202, USA',
    phone: '(503) 555-0105',
    website: 'https://divisionthai.example.com/',
    latitude: 45.5049,
    longitude: -122.6355,
    types: ['thai_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['thai', 'curry', 'noodles'],
    rating: 4.3,
    userRatingCount: 1533,
    priceLevel: 2,
    hours: everyDay(11, 21),
    photos: photos('Thai', ['#65a30d'], 'Division Street Thai'),
    summary: 'Northern Thai curries and khao soi.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0006',
    name: 'Mississippi Smokehouse',
    address: '3939 N Mississippi Ave, Portland, OR 97227, USA',
    phone: '(503) 555-0106',
    latitude: 45.5512,
    longitude: -122.6756,
    types: ['barbecue_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['barbecue', 'bbq', 'smokehouse', 'brisket'],
    rating: 4.2,
    userRatingCount: 870,
    priceLevel: 2,
    hours: everyDay(12, 21),
    photos: photos('Smokehouse', ['#451a03', '#92400e', '#b45309'], 'Mississippi Smokehouse'),
    summary: 'Oak-smoked brisket and ribs by the pound.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0007',
    name: 'Pearl District Sushi',
    address: '925 NW 11th Ave, Portland, OR 97209, USA',
    phone: '(503) 555-0107',
    website: 'https://pearlsushi.example.com/',
    latitude: 45.5297,
    longitude: -122.6823,
    types: ['sushi_restaurant', 'japanese_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['sushi', 'japanese', 'omakase'],
    rating: 4.8,
    userRatingCount: 412,
    priceLevel: 4,
    hours: closedMonday(17, 22),
    photos: photos('Sushi', ['#0f172a', '#f43f5e'], 'Pearl District Sushi'),
    summary: 'An omakase counter of twelve seats.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0008',
    name: 'Belmont Breakfast Club',
    address: '3350 SE Belmont St, Portland, OR 97214, USA',
    phone: '(503) 555-0108',
    latitude: 45.5165,
    longitude: -122.6301,
    types: ['breakfast_restaurant', 'cafe', 'restaurant', 'food', 'establishment'],
    keywords: ['breakfast', 'brunch', 'pancakes', 'cafe', 'coffee'],
    rating: 4.5,
    userRatingCount: 1960,
    priceLevel: 1,
    hours: everyDay(7, 15),
    photos: photos('Breakfast', ['#fbbf24', '#78350f'], 'Belmont Breakfast Club'),
    summary: 'All-day breakfast and strong coffee.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0009',
    name: 'Lloyd Center Pho',
    address: '1100 NE Multnomah St, Portland, OR 97232, USA',
    phone: '(503) 555-0109',
    latitude: 45.5319,
    longitude: -122.6544,
    types: ['vietnamese_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['vietnamese', 'pho', 'noodles', 'banh mi'],
    rating: 4.1,
    userRatingCount: 733,
    priceLevel: 1,
    hours: everyDay(10, 21),
    photos: photos('Pho', ['#b45309'], 'Lloyd Center Pho'),
    summary: 'Beef pho simmered overnight.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0010',
    name: 'Sellwood Pizza Kitchen',
    address: '7927 SE 13th Ave, Portland, OR 97202, USA',
    phone: '(503) 555-0110',
    website: 'https://sellwoodpizza.example.com/',
    latitude: 45.4655,
    longitude: -122.6531,
    types: ['pizza_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['pizza', 'italian', 'salads'],
    rating: 4.4,
    userRatingCount: 1120,
    priceLevel: 2,
    hours: everyDay(12, 22),
    photos: photos('Pizza', ['#ef4444', '#fef3c7', '#166534'], 'Sellwood Pizza Kitchen'),
    summary: 'Naturally leavened pies and a big patio.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0011',
    name: 'St Johns Seafood Shack',
    address: '8615 N Lombard St, Portland, OR 97203, USA',
    phone: '(503) 555-0111',
    latitude: 45.5897,
    longitude: -122.7535,
    types: ['seafood_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['seafood', 'fish', 'chips', 'oysters'],
    rating: 4.0,
    userRatingCount: 388,
    priceLevel: 2,
    hours: closedMonday(11, 20),
    businessStatus: 'CLOSED_TEMPORARILY',
    photos: photos('Seafood', ['#0369a1', '#e0f2fe'], 'St Johns Seafood Shack'),
    summary: 'Fish and chips by the river.',
  },
  {
    id: 'ChIJBrigadeEmuPdx0012',
    name: 'Goose Hollow Steakhouse',
    address: '1800 SW Jefferson St, Portland, OR 97201, USA',
    phone: '(503) 555-0112',
    website: 'https://goosehollowsteak.example.com/',
    latitude: 45.5183,
    longitude: -122.6921,
    types: ['steak_house', 'restaurant', 'food', 'establishment'],
    keywords: ['steak', 'steakhouse', 'grill'],
    rating: 4.6,
    userRatingCount: 955,
    priceLevel: 4,
    hours: everyDay(16, 23),
    photos: photos('Steak', ['#7f1d1d', '#1c1917', '#a16207', '#d6d3d1'], 'Goose Hollow Steakhouse'),
    summary: 'Dry-aged steaks and a long wine list.',
  },
  // The demo seed's restaurants (packages/core/src/seed/demo-seed.ts), as Google might list them.
  {
    id: 'ChIJBrigadeEmuPwm0001',
    name: 'Harbor Grill',
    address: '12 Wharf St, Portland, ME 04101, USA',
    phone: '(207) 555-0142',
    website: 'https://harborgrill.example/',
    latitude: 43.6561,
    longitude: -70.2536,
    types: ['seafood_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['seafood', 'oysters', 'grill', 'fish'],
    rating: 4.7,
    userRatingCount: 642,
    priceLevel: 3,
    hours: closedMonday(16, 22),
    photos: photos('HarborGrill', ['#0f766e', '#f59e0b', '#1f2937', '#e0f2fe'], 'Harbor Grill'),
    summary: 'Day-boat fish and oysters over a wood fire on the Old Port waterfront.',
  },
  {
    id: 'ChIJBrigadeEmuPwm0002',
    name: 'Lantern Noodle Bar',
    address: '48 Exchange St, Portland, ME 04101, USA',
    phone: '(207) 555-0188',
    latitude: 43.6574,
    longitude: -70.2547,
    types: ['ramen_restaurant', 'restaurant', 'food', 'establishment'],
    keywords: ['noodles', 'ramen', 'dumplings'],
    rating: 4.5,
    userRatingCount: 377,
    priceLevel: 2,
    hours: closedMonday(11, 22),
    photos: photos('Lantern', ['#b45309', '#fde68a'], 'Lantern Noodle Bar'),
    summary: 'Hand-pulled noodles and dumplings on Exchange Street.',
  },
];
