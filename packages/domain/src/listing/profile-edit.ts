import { z } from 'zod';
import { minutesOf, TIME_MESSAGE } from '../hours/spans';
import { daySpans, type OperatingHours } from '../hours/weekly';
import { multilineText, text } from '../text';
import { perWeekday, WEEKDAYS, type Weekday } from '../weekdays';
import { BUSINESS_DESCRIPTION_MAX_LENGTH } from './connection';

/**
 * Editing a restaurant's Google Business Profile from Brigade (issue 19): the fields to change,
 * checked before Google is called, and their Business Information API shapes. Hours are the whole week, one
 * opening a day (a day with several openings goes as its first opening to its last close).
 */

export const HOURS_REQUIRED_WHEN_OPEN_MESSAGE = 'Open and close times are required when business is open';
export const DESCRIPTION_TOO_LONG_MESSAGE = `Business description must be at most ${BUSINESS_DESCRIPTION_MAX_LENGTH} characters`;
export const BUSINESS_NAME_REQUIRED_MESSAGE = 'Business name is required';
export const PHONE_INVALID_MESSAGE = 'Phone must be a valid phone number';
/** The restaurant's own website rule's words (restaurant.ts contactSchema). */
export const WEBSITE_INVALID_MESSAGE = 'Website must be a valid URL';
export const HOURS_EVERY_DAY_MESSAGE = 'Hours are required for every day of the week';
export const NOTHING_TO_CHANGE_MESSAGE = 'Choose at least one detail to change on Google';
export { TIME_MESSAGE };

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Digits, spaces and + ( ) - . only, 7 to 15 digits (E.164's most). */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

const time = () => text({ error: TIME_MESSAGE }).trim().optional();

/** A weekday's hours as the form edits them: open or closed, and when open, from and to (HH:MM). */
export const dayEditSchema = z
  .object(
    {
      open: z.boolean({ error: 'Open must be true or false' }),
      openTime: time(),
      closeTime: time(),
    },
    { error: HOURS_EVERY_DAY_MESSAGE },
  )
  .superRefine((day, ctx) => {
    for (const key of ['openTime', 'closeTime'] as const) {
      const value = day[key];
      if (value && !HHMM.test(value)) ctx.addIssue({ code: 'custom', path: [key], message: TIME_MESSAGE });
    }
    if (day.open && (!day.openTime || !day.closeTime))
      ctx.addIssue({ code: 'custom', path: [], message: HOURS_REQUIRED_WHEN_OPEN_MESSAGE });
  });
export type DayEdit = z.infer<typeof dayEditSchema>;
export type HoursEdit = Record<Weekday, DayEdit>;

export const hoursEditSchema = perWeekday(() => dayEditSchema);

const phoneSchema = text({ error: PHONE_INVALID_MESSAGE })
  .trim()
  .refine(
    (phone) =>
      phone === '' ||
      (PHONE_CHARACTERS.test(phone) &&
        phone.replace(/\D/g, '').length >= 7 &&
        phone.replace(/\D/g, '').length <= 15),
    PHONE_INVALID_MESSAGE,
  );

const websiteSchema = text({ error: WEBSITE_INVALID_MESSAGE })
  .trim()
  .max(2048, WEBSITE_INVALID_MESSAGE)
  .refine((website) => {
    if (website === '') return true;
    try {
      const url = new URL(website);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, WEBSITE_INVALID_MESSAGE);

/**
 * The fields to change on Google; a field left out is not touched. An empty description, phone or website
 * removes it from the profile.
 */
export const profileEditFields = z.strictObject({
  title: text({ error: BUSINESS_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, BUSINESS_NAME_REQUIRED_MESSAGE)
    .max(100, 'Business name must be at most 100 characters')
    .optional(),
  description: multilineText({ error: DESCRIPTION_TOO_LONG_MESSAGE })
    .trim()
    .refine((value) => [...value].length <= BUSINESS_DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG_MESSAGE)
    .optional(),
  phone: phoneSchema.optional(),
  website: websiteSchema.optional(),
  hours: hoursEditSchema.optional(),
});

export const profileEditSchema = profileEditFields.refine(
  (edit) => Object.values(edit).some((value) => value !== undefined),
  NOTHING_TO_CHANGE_MESSAGE,
);
export type ProfileEdit = z.infer<typeof profileEditSchema>;

/** Characters as the counter and the 750 limit count them (code points, as Google does). */
export const descriptionLength = (description: string) => [...description.trim()].length;

type TimeOfDay = { hours?: number; minutes?: number };
interface Period {
  openDay: string;
  openTime: TimeOfDay;
  closeDay: string;
  closeTime: TimeOfDay;
}

const timeOfDay = (hhmm: string): TimeOfDay => {
  const minutes = minutesOf(hhmm);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
};
const GOOGLE_DAY = (day: Weekday) => day.toUpperCase();

/**
 * Google's regular hours for the week: a period for each open day; closing at or before the opening time
 * closes the next day, except midnight, which Google writes as 24:00 of the same day.
 */
export function regularHoursOfEdit(hours: HoursEdit): { periods: Period[] } {
  const periods = WEEKDAYS.flatMap((day, index): Period[] => {
    const edit = hours[day];
    if (!edit.open || !edit.openTime || !edit.closeTime) return [];
    const next = WEEKDAYS[(index + 1) % 7]!;
    const midnight = edit.closeTime === '00:00';
    const overnight = !midnight && minutesOf(edit.closeTime) <= minutesOf(edit.openTime);
    return [
      {
        openDay: GOOGLE_DAY(day),
        openTime: timeOfDay(edit.openTime),
        closeDay: GOOGLE_DAY(overnight ? next : day),
        closeTime: midnight ? { hours: 24, minutes: 0 } : timeOfDay(edit.closeTime),
      },
    ];
  });
  return { periods };
}

/** A week of operating hours (the restaurant's, or Google's as Brigade reads them) as the form edits it. */
export function hoursEditOf(hours: OperatingHours): HoursEdit {
  const entries = WEEKDAYS.map((day): [Weekday, DayEdit] => {
    const spans = daySpans(hours[day]);
    if (spans.length === 0)
      return [day, { open: false, openTime: hours[day].open, closeTime: hours[day].close }];
    return [day, { open: true, openTime: spans[0]!.open, closeTime: spans.at(-1)!.close }];
  });
  return Object.fromEntries(entries) as HoursEdit;
}

/** Google's field names (updateMask) and values for an edit: only the fields it changes. */
export function locationUpdateOf(edit: ProfileEdit) {
  const fields: {
    title?: string;
    profile?: { description: string };
    phoneNumbers?: { primaryPhone: string };
    websiteUri?: string;
    regularHours?: { periods: Period[] };
  } = {};
  const updateMask: string[] = [];
  if (edit.title !== undefined) {
    fields.title = edit.title;
    updateMask.push('title');
  }
  if (edit.description !== undefined) {
    fields.profile = { description: edit.description };
    updateMask.push('profile.description');
  }
  if (edit.phone !== undefined) {
    fields.phoneNumbers = { primaryPhone: edit.phone };
    updateMask.push('phoneNumbers.primaryPhone');
  }
  if (edit.website !== undefined) {
    fields.websiteUri = edit.website;
    updateMask.push('websiteUri');
  }
  if (edit.hours !== undefined) {
    fields.regularHours = regularHoursOfEdit(edit.hours);
    updateMask.push('regularHours');
  }
  return { fields, updateMask };
}
