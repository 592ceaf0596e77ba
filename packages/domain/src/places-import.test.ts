import { describe, expect, it } from 'vitest';
import { priceLevelNumber } from './places';
import { hoursOfPlace, importDiff, placeImportInputSchema } from './places-import';

const at = (day: number, hour: number, minute = 0) => ({ day, hour, minute });

describe('hours of a place', () => {
  it('maps Google days (Sunday 0) to weekdays, closed days included', () => {
    const hours = hoursOfPlace([
      { open: at(2, 11), close: at(2, 22) },
      { open: at(0, 10, 30), close: at(0, 21) },
    ])!;
    expect(hours.tuesday).toMatchObject({ open: '11:00', close: '22:00', closed: false });
    expect(hours.sunday).toMatchObject({ open: '10:30', close: '21:00', closed: false });
    expect(hours.monday.closed).toBe(true);
  });

  it('imports split days as spans, outlined from the first opening to the last close, after midnight too', () => {
    const hours = hoursOfPlace([
      { open: at(5, 17), close: at(6, 2) },
      { open: at(5, 11), close: at(5, 14) },
    ])!;
    expect(hours.friday).toEqual({
      open: '11:00',
      close: '02:00',
      closed: false,
      spans: [
        { open: '11:00', close: '14:00' },
        { open: '17:00', close: '02:00' },
      ],
    });
  });

  it('reads "open 24 hours" as 00:00-23:59 every day; no periods as nothing to import', () => {
    expect(hoursOfPlace([{ open: at(0, 0) }])!.wednesday).toMatchObject({
      open: '00:00',
      close: '23:59',
      closed: false,
    });
    expect(hoursOfPlace([])).toBeUndefined();
  });
});

describe('place import', () => {
  it('price levels are the numbers 0-4', () => {
    expect(priceLevelNumber('PRICE_LEVEL_FREE')).toBe(0);
    expect(priceLevelNumber('PRICE_LEVEL_VERY_EXPENSIVE')).toBe(4);
    expect(priceLevelNumber('PRICE_LEVEL_UNSPECIFIED')).toBeUndefined();
  });

  it('needs at least one known field', () => {
    expect(placeImportInputSchema.safeParse({ fields: [] }).error?.issues[0]?.message).toBe(
      'Choose at least one field to import',
    );
    expect(placeImportInputSchema.parse({ fields: ['phone', 'phone'] }).fields).toEqual(['phone']);
    expect(placeImportInputSchema.safeParse({ fields: ['menu'] }).success).toBe(false);
  });

  it('marks a field the place lacks as unavailable and unchanged', () => {
    const target = {
      address: { street: '1 A St', city: 'B', state: 'C', zipCode: '1', country: 'US' },
      contact: { phone: '1', email: 'a@b.co' },
      operatingHours: hoursOfPlace([{ open: at(0, 0) }])!,
      photos: [],
    };
    const diff = importDiff(target, { id: 'p', nationalPhoneNumber: '1' });
    const phone = diff.fields.find((f) => f.field === 'phone')!;
    const website = diff.fields.find((f) => f.field === 'website')!;
    expect(phone).toMatchObject({ available: true, changed: false });
    expect(website).toMatchObject({ available: false, changed: false, place: null });
  });
});
