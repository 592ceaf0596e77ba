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
