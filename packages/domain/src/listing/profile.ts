import { daySpans } from '../hours/weekly';
import { type OperatingHours, operatingHoursSchema } from '../restaurant';
import { WEEKDAYS } from '../weekdays';

/**
 * A restaurant's Google Business Profile as Brigade keeps it after a profile sync (issue 19): title, address,
 * phone, categories, hours, website and map link, in the restaurant's own terms so the two can be shown side
 * by side and their differences named.
 */
export interface ListingProfile {
  title: string | null;
  /** The business description (at most 750 characters). */
  description: string | null;
  address: { street: string; city: string; state: string; zipCode: string; country: string } | null;
  phone: string | null;
  categories: string[];
  hours: OperatingHours | null;
  website: string | null;
  mapsUri: string | null;
  placeId: string | null;
  openStatus: string | null;
}

/** The location fields a profile sync asks Google for (Business Information API readMask). */
export const PROFILE_READ_MASK =
  'name,title,profile,storefrontAddress,phoneNumbers,categories,regularHours,websiteUri,openInfo,metadata';

type TimeOfDay = { hours?: number; minutes?: number };
interface LocationFields {
  title?: string | undefined;
  profile?: { description?: string | undefined } | undefined;
  storefrontAddress?: Record<string, unknown> | undefined;
  phoneNumbers?: { primaryPhone?: string | undefined } | undefined;
  categories?: Record<string, unknown> | undefined;
  regularHours?: Record<string, unknown> | undefined;
  websiteUri?: string | undefined;
  openInfo?: Record<string, unknown> | undefined;
  metadata?: { placeId?: string | undefined; mapsUri?: string | undefined } | undefined;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const hhmm = (time: TimeOfDay | undefined) =>
  `${String((time?.hours ?? 0) % 24).padStart(2, '0')}:${String(time?.minutes ?? 0).padStart(2, '0')}`;

function addressOf(raw: Record<string, unknown> | undefined): ListingProfile['address'] {
  if (!raw) return null;
  const lines = Array.isArray(raw.addressLines) ? raw.addressLines.filter((l) => typeof l === 'string') : [];
  const street = lines.join(', ');
  const city = str(raw.locality);
  const state = str(raw.administrativeArea);
  const zipCode = str(raw.postalCode);
  if (!street || !city || !state || !zipCode) return null;
  return { street, city, state, zipCode, country: str(raw.regionCode) ?? 'US' };
}

function categoriesOf(raw: Record<string, unknown> | undefined): string[] {
  const names = [
    raw?.primaryCategory,
    ...(Array.isArray(raw?.additionalCategories) ? raw.additionalCategories : []),
  ]
    .map((category) => str((category as { displayName?: unknown } | undefined)?.displayName))
    .filter((name): name is string => name !== null);
  return [...new Set(names)];
}

/**
 * Google's regular hours (periods with openDay MONDAY…) as operating hours: each period a span of its
 * opening day (decision 030), the day outlined from its first opening to its last close; a day with none is
 * closed.
 */
export function hoursOfRegularHours(raw: Record<string, unknown> | undefined): OperatingHours | null {
  const periods = (Array.isArray(raw?.periods) ? raw.periods : []) as {
    openDay?: string;
    openTime?: TimeOfDay;
    closeTime?: TimeOfDay;
  }[];
  if (periods.length === 0) return null;
  const entries = WEEKDAYS.map((weekday) => {
    const today = periods.filter((period) => period.openDay?.toLowerCase() === weekday);
    if (today.length === 0) return [weekday, { open: '09:00', close: '17:00', closed: true }];
    const spans = today
      .map((period) => ({ open: hhmm(period.openTime), close: hhmm(period.closeTime) }))
      .sort((a, b) => a.open.localeCompare(b.open));
    return [weekday, { open: spans[0]!.open, close: spans.at(-1)!.close, closed: false, spans }];
  });
  return operatingHoursSchema.parse(Object.fromEntries(entries));
}

export function profileOfLocation(location: LocationFields): ListingProfile {
  return {
    title: str(location.title),
    description: str(location.profile?.description),
    address: addressOf(location.storefrontAddress),
    phone: str(location.phoneNumbers?.primaryPhone),
    categories: categoriesOf(location.categories),
    hours: hoursOfRegularHours(location.regularHours),
    website: str(location.websiteUri),
    mapsUri: str(location.metadata?.mapsUri),
    placeId: str(location.metadata?.placeId),
    openStatus: str(location.openInfo?.status),
  };
}

export const PROFILE_FIELDS = ['name', 'address', 'phone', 'website', 'hours'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface ProfileDifference {
  field: ProfileField;
  google: unknown;
  restaurant: unknown;
}

interface RestaurantSide {
  name: string;
  address: { street: string; city: string; state: string; zipCode: string; country: string };
  contact: { phone: string; website?: string | undefined };
  operatingHours: OperatingHours;
}

const digits = (phone: string | null | undefined) =>
  (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
const loose = (text: string | null | undefined) => (text ?? '').trim().toLowerCase().replace(/\/+$/, '');

/** Whether two weeks open at different times (a closed day's stored times do not count). */
const hoursDiffer = (a: OperatingHours, b: OperatingHours) =>
  WEEKDAYS.some((day) => JSON.stringify(daySpans(a[day])) !== JSON.stringify(daySpans(b[day])));

/**
 * The fields where Google and the restaurant's own record disagree (ignoring case, a trailing slash and phone
 * punctuation). A field Google does not have is not a difference.
 */
export function profileDifferences(profile: ListingProfile, restaurant: RestaurantSide): ProfileDifference[] {
  const { street, city, state, zipCode, country } = restaurant.address;
  const ours = { street, city, state, zipCode, country };
  const checks: [ProfileField, unknown, unknown, boolean][] = [
    ['name', profile.title, restaurant.name, loose(profile.title) !== loose(restaurant.name)],
    [
      'address',
      profile.address,
      ours,
      profile.address !== null &&
        (Object.keys(ours) as (keyof typeof ours)[]).some(
          (key) => loose(profile.address?.[key]) !== loose(ours[key]),
        ),
    ],
    [
      'phone',
      profile.phone,
      restaurant.contact.phone,
      digits(profile.phone) !== digits(restaurant.contact.phone),
    ],
    [
      'website',
      profile.website,
      restaurant.contact.website ?? null,
      loose(profile.website) !== loose(restaurant.contact.website),
    ],
    [
      'hours',
      profile.hours,
      restaurant.operatingHours,
      profile.hours !== null && hoursDiffer(profile.hours, restaurant.operatingHours),
    ],
  ];
  return checks
    .filter(([, google, , differs]) => google !== null && differs)
    .map(([field, google, ours]) => ({ field, google, restaurant: ours }));
}
