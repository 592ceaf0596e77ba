import { z } from 'zod';
import { spanIssues } from './hours/spans';
import {
  type OpeningPeriod,
  PLACE_IMPORT_FIELDS,
  PLACES_MAX_IMPORTED_PHOTOS,
  type Place,
  type PlaceField,
} from './places';
import {
  type Address,
  addressSchema,
  type Contact,
  type Coordinates,
  contactSchema,
  type OperatingHours,
  operatingHoursSchema,
} from './restaurant';
import { WEEKDAYS } from './weekdays';

/**
 * Importing a linked Google place's listing data into its restaurant (issue 18): which fields can be
 * imported, what each is on the restaurant and on the place, and the per-field diff shown before anything is
 * overwritten. An import writes exactly the chosen fields; coordinates live on the address
 * (`address.coordinates`), so importing the address keeps the stored coordinates and importing coordinates
 * keeps the stored address.
 */

/** The place fields an import or its preview reads. */
export const IMPORT_PLACE_FIELDS: readonly PlaceField[] = [
  'displayName',
  'formattedAddress',
  'postalAddress',
  'location',
  'nationalPhoneNumber',
  'internationalPhoneNumber',
  'websiteUri',
  'regularOpeningHours',
  'photos',
];

const CHOOSE_MESSAGE = 'Choose at least one field to import';
const PHOTO_NAME = /^places\/[A-Za-z0-9_-]{1,256}\/photos\/[A-Za-z0-9_-]{1,1024}$/;

export const placeImportInputSchema = z.object({
  fields: z
    .array(
      z.enum(PLACE_IMPORT_FIELDS, {
        error: `Fields must be among ${PLACE_IMPORT_FIELDS.join(', ')}`,
      }),
      { error: CHOOSE_MESSAGE },
    )
    .min(1, CHOOSE_MESSAGE)
    .transform((fields) => [...new Set(fields)]),
  /** Which of the place's photos (names from its details); the first ten when left out. */
  photos: z
    .array(z.string().regex(PHOTO_NAME, 'Photo name must be places/{placeId}/photos/{photo}'))
    .max(PLACES_MAX_IMPORTED_PHOTOS, `At most ${PLACES_MAX_IMPORTED_PHOTOS} photos can be imported`)
    .optional(),
});
export type PlaceImportInput = z.output<typeof placeImportInputSchema>;

const hhmm = (hour: number, minute: number) =>
  `${String(hour % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
const minutes = (point: { hour: number; minute: number }) => point.hour * 60 + point.minute;

/**
 * A place's regular hours as operating hours: each period a span of the weekday it opens on (decision 030;
 * the day's open and close outline it, after midnight when the last period ends the next day); a day
 * without a period is closed. Google's
 * "open 24 hours" (one period opening Sunday 00:00 with no close) is 00:00-23:59 every day.
 */
export function hoursOfPlace(periods: readonly OpeningPeriod[]): OperatingHours | undefined {
  if (periods.length === 0) return undefined;
  const allDay = periods.length === 1 && !periods[0]!.close && minutes(periods[0]!.open) === 0;
  const entries = WEEKDAYS.map((weekday, index) => {
    // Google counts days from Sunday (0); WEEKDAYS starts on Monday.
    const day = (index + 1) % 7;
    if (allDay) return [weekday, { open: '00:00', close: '23:59', closed: false }] as const;
    const today = periods.filter((period) => period.open.day === day);
    if (today.length === 0) return [weekday, { open: '09:00', close: '17:00', closed: true }] as const;
    const spans = today
      .map((period) => {
        const close = period.close ?? { hour: 23, minute: 59 };
        return { open: hhmm(period.open.hour, period.open.minute), close: hhmm(close.hour, close.minute) };
      })
      .sort((a, b) => a.open.localeCompare(b.open));
    // Periods that do not make valid spans (overlapping) import as the day's outline, as before spans.
    const usable =
      spanIssues(spans).length === 0 ? spans : [{ open: spans[0]!.open, close: spans.at(-1)!.close }];
    return [
      weekday,
      { open: usable[0]!.open, close: usable.at(-1)!.close, closed: false, spans: usable },
    ] as const;
  });
  return operatingHoursSchema.parse(Object.fromEntries(entries));
}

/** A place's postal address as a restaurant address (the stored coordinates kept); undefined when incomplete. */
export function addressOfPlace(place: Place, coordinates: Coordinates | undefined): Address | undefined {
  const postal = place.postalAddress;
  const parsed = addressSchema.safeParse({
    street: postal?.addressLines?.join(', '),
    city: postal?.locality,
    state: postal?.administrativeArea,
    zipCode: postal?.postalCode,
    country: postal?.regionCode,
    ...(coordinates ? { coordinates } : {}),
  });
  return parsed.success ? parsed.data : undefined;
}

/** What the restaurant keeps of each importable field. */
export interface ImportableValues {
  hours: OperatingHours | undefined;
  phone: string | undefined;
  website: string | undefined;
  address: Address | undefined;
  coordinates: Coordinates | undefined;
  photos: string[];
}

export interface ImportTarget {
  address: Address;
  contact: Contact;
  operatingHours: OperatingHours;
  photos: readonly { name: string }[];
}

export function currentValues(target: ImportTarget): ImportableValues {
  const { coordinates, ...address } = target.address;
  return {
    hours: target.operatingHours,
    phone: target.contact.phone,
    website: target.contact.website,
    address: address as Address,
    coordinates,
    photos: target.photos.map((photo) => photo.name),
  };
}

export function placeValues(place: Place): ImportableValues {
  const website = contactSchema.shape.website.safeParse(place.websiteUri);
  const address = addressOfPlace(place, undefined);
  return {
    hours: hoursOfPlace(place.regularOpeningHours?.periods ?? []),
    phone: place.nationalPhoneNumber ?? place.internationalPhoneNumber,
    website: website.success ? website.data : undefined,
    address,
    coordinates: place.location,
    photos: (place.photos ?? []).slice(0, PLACES_MAX_IMPORTED_PHOTOS).map((photo) => photo.name),
  };
}

export const placeImportDiffSchema = z.object({
  placeId: z.string(),
  placeName: z.string().optional(),
  fields: z.array(
    z.object({
      field: z.enum(PLACE_IMPORT_FIELDS),
      current: z.unknown(),
      place: z.unknown(),
      /** The place has a value for it (else importing it is refused). */
      available: z.boolean(),
      changed: z.boolean(),
    }),
  ),
});
export type PlaceImportDiff = z.infer<typeof placeImportDiffSchema>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The per-field diff of an import: the restaurant's value, the place's, and whether they differ. */
export function importDiff(target: ImportTarget, place: Place): PlaceImportDiff {
  const current = currentValues(target);
  const incoming = placeValues(place);
  return {
    placeId: place.id,
    ...(place.displayName ? { placeName: place.displayName } : {}),
    fields: PLACE_IMPORT_FIELDS.map((field) => {
      const available = field === 'photos' ? incoming.photos.length > 0 : incoming[field] !== undefined;
      return {
        field,
        current: current[field] ?? null,
        place: incoming[field] ?? null,
        available,
        changed: available && !same(current[field], incoming[field]),
      };
    }),
  };
}
