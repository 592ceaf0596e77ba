import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATING_HOURS, type OperatingHours } from '../restaurant';
import { hoursOfRegularHours, profileDifferences, profileOfLocation } from './profile';

const location = {
  title: 'Rose City Trattoria',
  storefrontAddress: {
    regionCode: 'US',
    postalCode: '97214',
    administrativeArea: 'OR',
    locality: 'Portland',
    addressLines: ['1201 SE Hawthorne Blvd'],
  },
  phoneNumbers: { primaryPhone: '(503) 555-0141' },
  categories: {
    primaryCategory: { displayName: 'Italian restaurant' },
    additionalCategories: [{ displayName: 'Wine bar' }],
  },
  regularHours: {
    periods: [
      { openDay: 'MONDAY', openTime: { hours: 11 }, closeDay: 'MONDAY', closeTime: { hours: 22 } },
      {
        openDay: 'TUESDAY',
        openTime: { hours: 11, minutes: 30 },
        closeDay: 'TUESDAY',
        closeTime: { hours: 14 },
      },
      {
        openDay: 'TUESDAY',
        openTime: { hours: 17 },
        closeDay: 'TUESDAY',
        closeTime: { hours: 21, minutes: 45 },
      },
    ],
  },
  websiteUri: 'https://rosecitytrattoria.example',
  metadata: { placeId: 'ChIJ1', mapsUri: 'https://maps.google.com/?cid=4001' },
  openInfo: { status: 'OPEN' },
};

describe('profileOfLocation', () => {
  it("reads Google's location in the restaurant's terms", () => {
    const profile = profileOfLocation(location);
    expect(profile).toMatchObject({
      title: 'Rose City Trattoria',
      address: {
        street: '1201 SE Hawthorne Blvd',
        city: 'Portland',
        state: 'OR',
        zipCode: '97214',
        country: 'US',
      },
      phone: '(503) 555-0141',
      categories: ['Italian restaurant', 'Wine bar'],
      website: 'https://rosecitytrattoria.example',
      mapsUri: 'https://maps.google.com/?cid=4001',
      openStatus: 'OPEN',
    });
    expect(profileOfLocation({ ...location, profile: { description: ' Fresh pasta ' } }).description).toBe(
      'Fresh pasta',
    );
    expect(profile.hours?.monday).toEqual({
      open: '11:00',
      close: '22:00',
      closed: false,
      spans: [{ open: '11:00', close: '22:00' }],
    });
    // Two periods: two spans, the day outlined from the first opening to the last close.
    expect(profile.hours?.tuesday).toMatchObject({ open: '11:30', close: '21:45', closed: false });
    expect(profile.hours?.tuesday.spans).toHaveLength(2);
    expect(profile.hours?.sunday.closed).toBe(true);
  });

  it('leaves out what Google does not have', () => {
    expect(profileOfLocation({})).toEqual({
      title: null,
      description: null,
      address: null,
      phone: null,
      categories: [],
      hours: null,
      website: null,
      mapsUri: null,
      placeId: null,
      openStatus: null,
    });
    expect(hoursOfRegularHours({ periods: [] })).toBeNull();
  });
});

describe('profileDifferences', () => {
  const profile = profileOfLocation(location);
  const same = {
    name: 'rose city trattoria',
    address: {
      street: '1201 SE Hawthorne Blvd',
      city: 'Portland',
      state: 'OR',
      zipCode: '97214',
      country: 'US',
    },
    contact: { phone: '+1 503-555-0141', website: 'https://rosecitytrattoria.example/' },
    operatingHours: profile.hours!,
  };

  it('ignores case, a trailing slash and phone punctuation', () => {
    expect(profileDifferences(profile, same)).toEqual([]);
  });

  it('names each field that differs, with both values', () => {
    const differences = profileDifferences(profile, {
      ...same,
      name: 'Trattoria',
      contact: { phone: '503 555 0199' },
      operatingHours: structuredClone(DEFAULT_OPERATING_HOURS) as OperatingHours,
    });
    expect(differences.map((d) => d.field)).toEqual(['name', 'phone', 'website', 'hours']);
    expect(differences[0]).toEqual({ field: 'name', google: 'Rose City Trattoria', restaurant: 'Trattoria' });
  });

  it("counts hours as equal when every day opens at the same times, whatever a closed day's stored times", () => {
    const hours = structuredClone(profile.hours!);
    hours.sunday = {
      open: '10:00',
      close: '21:00',
      closed: true,
      spans: [{ open: '10:00', close: '21:00' }],
    };
    expect(profileDifferences(profile, { ...same, operatingHours: hours })).toEqual([]);
    hours.monday = {
      ...hours.monday,
      close: '23:00',
      spans: [{ open: hours.monday.open, close: '23:00' }],
    };
    expect(profileDifferences(profile, { ...same, operatingHours: hours }).map((d) => d.field)).toEqual([
      'hours',
    ]);
  });
});
