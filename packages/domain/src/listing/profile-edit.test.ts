import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATING_HOURS, operatingHoursSchema } from '../restaurant';
import { WEEKDAYS } from '../weekdays';
import { hoursOfRegularHours } from './profile';
import {
  BUSINESS_NAME_REQUIRED_MESSAGE,
  DESCRIPTION_TOO_LONG_MESSAGE,
  descriptionLength,
  HOURS_EVERY_DAY_MESSAGE,
  HOURS_REQUIRED_WHEN_OPEN_MESSAGE,
  type HoursEdit,
  hoursEditOf,
  locationUpdateOf,
  NOTHING_TO_CHANGE_MESSAGE,
  PHONE_INVALID_MESSAGE,
  profileEditSchema,
  regularHoursOfEdit,
  TIME_MESSAGE,
  WEBSITE_INVALID_MESSAGE,
} from './profile-edit';

const issues = (input: unknown) =>
  profileEditSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const week = (day: HoursEdit[keyof HoursEdit] = { open: true, openTime: '11:00', closeTime: '22:00' }) =>
  Object.fromEntries(WEEKDAYS.map((name) => [name, { ...day }])) as HoursEdit;

describe('profileEditSchema', () => {
  it('takes a description of 750 characters and refuses 751 with its limit', () => {
    expect(issues({ description: 'é'.repeat(750) })).toBeUndefined();
    expect(issues({ description: 'x'.repeat(751) })).toEqual([['description', DESCRIPTION_TOO_LONG_MESSAGE]]);
    expect(DESCRIPTION_TOO_LONG_MESSAGE).toBe('Business description must be at most 750 characters');
    // Surrounding spaces do not count; an empty description removes it.
    expect(profileEditSchema.parse({ description: `  ${'x'.repeat(750)}  ` }).description).toHaveLength(750);
    expect(profileEditSchema.parse({ description: '' }).description).toBe('');
    expect(descriptionLength(' ab ')).toBe(2);
  });

  it('says exactly "Open and close times are required when business is open" for an open day missing a time', () => {
    const hours = week();
    hours.tuesday = { open: true, openTime: '11:00' };
    hours.friday = { open: true, openTime: '', closeTime: '22:00' };
    expect(issues({ hours })).toEqual([
      ['hours.tuesday', 'Open and close times are required when business is open'],
      ['hours.friday', HOURS_REQUIRED_WHEN_OPEN_MESSAGE],
    ]);
    // A closed day needs no times.
    hours.tuesday = { open: false };
    hours.friday = { open: false, openTime: '', closeTime: '' };
    expect(issues({ hours })).toBeUndefined();
  });

  it('refuses times that are not HH:MM, open or closed, and a week missing a day', () => {
    const hours = week();
    hours.monday = { open: true, openTime: '9:00', closeTime: '24:00' };
    hours.sunday = { open: false, openTime: 'noon', closeTime: '17:00' };
    expect(issues({ hours })).toEqual([
      ['hours.monday.openTime', TIME_MESSAGE],
      ['hours.monday.closeTime', TIME_MESSAGE],
      ['hours.sunday.openTime', 'Time must be in HH:MM format'],
    ]);
    const { sunday: _missing, ...six } = week();
    expect(issues({ hours: six })).toEqual([['hours.sunday', HOURS_EVERY_DAY_MESSAGE]]);
  });

  it('checks the phone and the website, and lets either be removed', () => {
    expect(issues({ phone: '(503) 555-0141', website: 'https://rose.example/menu' })).toBeUndefined();
    expect(issues({ phone: '', website: '' })).toBeUndefined();
    expect(issues({ phone: '555', website: 'rose city' })).toEqual([
      ['phone', PHONE_INVALID_MESSAGE],
      ['website', WEBSITE_INVALID_MESSAGE],
    ]);
    expect(issues({ phone: 'call 503 555 0141', website: 'ftp://rose.example' })).toEqual([
      ['phone', 'Phone must be a valid phone number'],
      ['website', 'Website must be a valid URL'],
    ]);
    expect(issues({ phone: '+1 503 555 0141 0141 0141' })).toEqual([['phone', PHONE_INVALID_MESSAGE]]);
  });

  it('needs a name when it changes it, something to change, and nothing else', () => {
    expect(issues({ title: '  ' })).toEqual([['title', BUSINESS_NAME_REQUIRED_MESSAGE]]);
    expect(issues({})).toEqual([['', NOTHING_TO_CHANGE_MESSAGE]]);
    expect(issues({ title: 'Rose', storefrontAddress: {} })?.[0]?.[0]).toBe('');
    expect(issues({ description: 'a\u0000b' })?.[0]?.[0]).toBe('description');
  });
});

describe("Google's shapes", () => {
  it('writes the week as regular hours periods, past midnight on the next day, midnight as 24:00', () => {
    const hours = week({ open: false });
    hours.monday = { open: true, openTime: '08:30', closeTime: '15:00' };
    hours.friday = { open: true, openTime: '18:00', closeTime: '01:30' };
    hours.sunday = { open: true, openTime: '17:00', closeTime: '00:00' };
    expect(regularHoursOfEdit(hours).periods).toEqual([
      {
        openDay: 'MONDAY',
        openTime: { hours: 8, minutes: 30 },
        closeDay: 'MONDAY',
        closeTime: { hours: 15, minutes: 0 },
      },
      {
        openDay: 'FRIDAY',
        openTime: { hours: 18, minutes: 0 },
        closeDay: 'SATURDAY',
        closeTime: { hours: 1, minutes: 30 },
      },
      {
        openDay: 'SUNDAY',
        openTime: { hours: 17, minutes: 0 },
        closeDay: 'SUNDAY',
        closeTime: { hours: 24, minutes: 0 },
      },
    ]);
    // Read back as Brigade reads Google's hours, the same days and times.
    const read = hoursOfRegularHours(regularHoursOfEdit(hours));
    expect(read?.monday).toMatchObject({ open: '08:30', close: '15:00', closed: false });
    expect(read?.friday).toMatchObject({ open: '18:00', close: '01:30', closed: false });
    expect(read?.sunday).toMatchObject({ open: '17:00', close: '00:00', closed: false });
    expect(read?.tuesday.closed).toBe(true);
  });

  it("turns the restaurant's hours into the form's week, a day with a break as first opening to last close", () => {
    const hours = operatingHoursSchema.parse({
      ...DEFAULT_OPERATING_HOURS,
      monday: {
        open: '11:00',
        close: '22:00',
        spans: [
          { open: '11:00', close: '14:00' },
          { open: '17:00', close: '22:00' },
        ],
      },
      sunday: { open: '10:00', close: '21:00', closed: true },
    });
    const edit = hoursEditOf(hours);
    expect(edit.monday).toEqual({ open: true, openTime: '11:00', closeTime: '22:00' });
    expect(edit.friday).toEqual({ open: true, openTime: '09:00', closeTime: '23:00' });
    expect(edit.sunday).toEqual({ open: false, openTime: '10:00', closeTime: '21:00' });
  });

  it('names only the fields an edit changes in the update mask', () => {
    expect(locationUpdateOf({ description: 'Fresh pasta', phone: '503 555 0141' })).toEqual({
      fields: { profile: { description: 'Fresh pasta' }, phoneNumbers: { primaryPhone: '503 555 0141' } },
      updateMask: ['profile.description', 'phoneNumbers.primaryPhone'],
    });
    const all = locationUpdateOf({ title: 'Rose', website: '', hours: week() });
    expect(all.updateMask).toEqual(['title', 'websiteUri', 'regularHours']);
    expect(all.fields.regularHours?.periods).toHaveLength(7);
    expect(all.fields.websiteUri).toBe('');
  });
});
