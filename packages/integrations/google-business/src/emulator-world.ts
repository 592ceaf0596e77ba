/** The emulator's small fixed world: one account, three locations, 25 reviews on the first location. */

export const EMULATOR_ACCOUNT = {
  name: 'accounts/108000000000000000001',
  accountName: 'Rose City Restaurant Group',
  type: 'PERSONAL',
  role: 'PRIMARY_OWNER',
  verificationState: 'VERIFIED',
};

const address = (line: string, postalCode: string) => ({
  regionCode: 'US',
  languageCode: 'en',
  postalCode,
  administrativeArea: 'OR',
  locality: 'Portland',
  addressLines: [line],
});

const hours = (open: string, close: string) => ({
  periods: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'].map((day) => ({
    openDay: day,
    openTime: { hours: Number(open) },
    closeDay: day,
    closeTime: { hours: Number(close) },
  })),
});

export const EMULATOR_LOCATIONS = [
  {
    name: 'locations/4001',
    title: 'Rose City Trattoria',
    profile: {
      description:
        'Handmade pasta and wood-fired dishes on Hawthorne since 2009. Family recipes, Oregon produce and a long Italian wine list.',
    },
    storefrontAddress: address('1201 SE Hawthorne Blvd', '97214'),
    phoneNumbers: { primaryPhone: '(503) 555-0141' },
    categories: {
      primaryCategory: { name: 'categories/gcid:italian_restaurant', displayName: 'Italian restaurant' },
    },
    regularHours: hours('11', '22'),
    websiteUri: 'https://rosecitytrattoria.example',
    latlng: { latitude: 45.5122, longitude: -122.6536 },
    openInfo: { status: 'OPEN', canReopen: true },
    metadata: {
      placeId: 'ChIJemuTrattoria0001',
      mapsUri: 'https://maps.google.com/?cid=4001',
      newReviewUri: 'https://search.google.com/local/writereview?placeid=ChIJemuTrattoria0001',
    },
  },
  {
    name: 'locations/4002',
    title: 'Sellwood Pizza Kitchen',
    storefrontAddress: address('8005 SE 13th Ave', '97202'),
    phoneNumbers: { primaryPhone: '(503) 555-0177' },
    categories: {
      primaryCategory: { name: 'categories/gcid:pizza_restaurant', displayName: 'Pizza restaurant' },
    },
    regularHours: hours('12', '21'),
    websiteUri: 'https://sellwoodpizza.example',
    latlng: { latitude: 45.4655, longitude: -122.6531 },
    openInfo: { status: 'OPEN', canReopen: true },
    metadata: { placeId: 'ChIJemuPizza0002', mapsUri: 'https://maps.google.com/?cid=4002' },
  },
  {
    name: 'locations/4003',
    title: 'Alberta Noodle Bar',
    storefrontAddress: address('2900 NE Alberta St', '97211'),
    phoneNumbers: { primaryPhone: '(503) 555-0190' },
    categories: { primaryCategory: { name: 'categories/gcid:noodle_shop', displayName: 'Noodle shop' } },
    latlng: { latitude: 45.559, longitude: -122.6359 },
    openInfo: { status: 'CLOSED_TEMPORARILY', canReopen: true },
    metadata: { placeId: 'ChIJemuNoodle0003' },
  },
];

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
const NAMES = ['Ana', 'Ben', 'Chloe', 'Dev', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jon'];
const COMMENTS = [
  'Cold pasta and a long wait.',
  'Service was slow, food was fine.',
  'Decent, nothing special.',
  'Lovely evening, great tiramisu.',
  'Best carbonara in Portland!',
];

export interface EmulatorReview {
  reviewId: string;
  reviewer: { displayName: string; profilePhotoUrl?: string; isAnonymous: boolean };
  starRating: (typeof STARS)[number];
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

/** 25 reviews, newest first; every third has a reply, every seventh is anonymous, every fifth has no text. */
export function initialReviews(): EmulatorReview[] {
  return Array.from({ length: 25 }, (_, index) => {
    const stars = (index * 3) % 5;
    const time = new Date(Date.UTC(2026, 9, 30 - index, 18, 0, 0)).toISOString();
    const anonymous = index % 7 === 6;
    return {
      reviewId: `emu-review-${String(index + 1).padStart(3, '0')}`,
      reviewer: anonymous
        ? { displayName: 'A Google user', isAnonymous: true }
        : {
            displayName: NAMES[index % NAMES.length] ?? 'Guest',
            profilePhotoUrl: `https://lh3.googleusercontent.com/a/emu-${index + 1}`,
            isAnonymous: false,
          },
      starRating: STARS[stars] ?? 'FIVE',
      ...(index % 5 === 4 ? {} : { comment: COMMENTS[stars] }),
      createTime: time,
      updateTime: time,
      ...(index % 3 === 0 ? { reviewReply: { comment: 'Thank you for visiting!', updateTime: time } } : {}),
    };
  });
}

const GENERATED_COMMENTS = [
  ['Cold food and nobody came back to check on us.', 'Waited an hour for a table we had booked.'],
  ['Too salty this time, and the bill had a mistake.', 'Noisy room, slow kitchen.'],
  ['Fine for a quick lunch.', 'Good pasta, average dessert.'],
  ['Friendly staff and a lovely terrace.', 'Great wine list, we will be back.'],
  ['Best meal we had all year.', 'Perfect anniversary dinner, thank you!'],
];
const GENERATED_REPLIES = [
  'Thank you for your kind words!',
  'We are sorry, please write to us so we can fix it.',
];
/** The newest generated review: a day before the fixed world's oldest; each next one three hours older. */
const GENERATED_NEWEST = Date.UTC(2026, 9, 5, 12, 0, 0);
const GENERATED_STEP_MS = 3 * 60 * 60 * 1000;

/**
 * Generated reviews for load (`addReviews`): the same `count` reviews for the same `from` every time. Ratings
 * cover all five stars, one in four has a reply, one in eleven is anonymous, one in six has
 * no text; each is three hours older than the one before (2,000 reviews span about eight months), newest first.
 */
export function generatedReviews(locationId: string, from: number, count: number): EmulatorReview[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const stars = (index * 7 + Math.floor(index / 5)) % 5;
    const time = new Date(GENERATED_NEWEST - index * GENERATED_STEP_MS).toISOString();
    const anonymous = index % 11 === 10;
    const comments = GENERATED_COMMENTS[stars] ?? [];
    return {
      reviewId: `emu-gen-${locationId}-${String(index + 1).padStart(5, '0')}`,
      reviewer: anonymous
        ? { displayName: 'A Google user', isAnonymous: true }
        : {
            displayName: `${NAMES[index % NAMES.length] ?? 'Guest'} ${String.fromCharCode(65 + (index % 26))}.`,
            profilePhotoUrl: `https://lh3.googleusercontent.com/a/emu-gen-${index + 1}`,
            isAnonymous: false,
          },
      starRating: STARS[stars] ?? 'FIVE',
      ...(index % 6 === 5 ? {} : { comment: comments[index % comments.length] }),
      createTime: time,
      updateTime: time,
      ...(index % 4 === 1
        ? { reviewReply: { comment: GENERATED_REPLIES[stars >= 3 ? 0 : 1] ?? '', updateTime: time } }
        : {}),
    };
  });
}
