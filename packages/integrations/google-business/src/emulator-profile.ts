import type { ServerResponse } from 'node:http';
import { apiError } from './emulator-api';
import { type EmulatorState, takeEdit } from './emulator-state';

/**
 * Business Information `PATCH locations/{id}?updateMask=…` as Google answers it (issue 19): the fields named
 * in the mask are replaced, each checked first (description at most 750 characters, hours as periods with
 * a day and a time, a web address); a bad one is 400 INVALID_ARGUMENT with the field named in a
 * `google.rpc.BadRequest` detail. Each location takes at most 10 edits a minute (429 RESOURCE_EXHAUSTED).
 */

type Send = (res: ServerResponse, status: number, body: unknown) => void;
export type EmulatorLocation = { name: string } & Record<string, unknown>;

/** The fields this emulator lets a PATCH change, as updateMask names them. */
export const EDITABLE_MASK_FIELDS = [
  'title',
  'profile',
  'profile.description',
  'phoneNumbers',
  'phoneNumbers.primaryPhone',
  'websiteUri',
  'regularHours',
] as const;
const DESCRIPTION_MAX = 750;
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

export const EDIT_QUOTA_MESSAGE =
  "Quota exceeded for quota metric 'Edits' and limit 'Edits per minute per location' of service 'mybusinessbusinessinformation.googleapis.com'.";

interface Violation {
  field: string;
  description: string;
}

const isTime = (time: unknown, closing: boolean) => {
  if (typeof time !== 'object' || time === null) return false;
  const { hours = 0, minutes = 0 } = time as { hours?: unknown; minutes?: unknown };
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return false;
  const h = hours as number;
  const m = minutes as number;
  if (m < 0 || m > 59 || h < 0) return false;
  return closing ? h < 24 || (h === 24 && m === 0) : h < 24;
};

function hoursViolations(regularHours: unknown): Violation[] {
  const periods = (regularHours as { periods?: unknown } | undefined)?.periods;
  if (periods === undefined) return [];
  if (!Array.isArray(periods))
    return [{ field: 'regular_hours.periods', description: 'periods must be a list' }];
  return periods.flatMap((period, index): Violation[] => {
    const p = (period ?? {}) as Record<string, unknown>;
    const field = `regular_hours.periods[${index}]`;
    if (!DAYS.includes(String(p.openDay)) || !DAYS.includes(String(p.closeDay)))
      return [{ field, description: 'openDay and closeDay must be days of the week' }];
    if (!isTime(p.openTime, false) || !isTime(p.closeTime, true))
      return [{ field, description: 'openTime and closeTime must be valid times of day' }];
    return [];
  });
}

function violationsOf(mask: string[], body: Record<string, unknown>): Violation[] {
  const violations: Violation[] = [];
  const unknown = mask.filter((field) => !(EDITABLE_MASK_FIELDS as readonly string[]).includes(field));
  for (const field of unknown)
    violations.push({ field: 'update_mask', description: `Invalid field: ${field}` });
  if (mask.includes('title') && (typeof body.title !== 'string' || !body.title.trim()))
    violations.push({ field: 'title', description: 'title is required' });
  const description = (body.profile as { description?: unknown } | undefined)?.description;
  if (mask.some((field) => field.startsWith('profile'))) {
    if (description !== undefined && typeof description !== 'string')
      violations.push({ field: 'profile.description', description: 'description must be a string' });
    else if (typeof description === 'string' && [...description].length > DESCRIPTION_MAX)
      violations.push({
        field: 'profile.description',
        description: `description must be at most ${DESCRIPTION_MAX} characters`,
      });
  }
  if (mask.includes('websiteUri') && body.websiteUri !== undefined) {
    const uri = body.websiteUri;
    if (uri !== '' && (typeof uri !== 'string' || !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(uri)))
      violations.push({ field: 'website_uri', description: 'websiteUri must be a valid web address' });
  }
  const phone = (body.phoneNumbers as { primaryPhone?: unknown } | undefined)?.primaryPhone;
  if (mask.some((field) => field.startsWith('phoneNumbers')) && phone !== undefined && phone !== '') {
    const digits = typeof phone === 'string' ? phone.replace(/\D/g, '').length : 0;
    if (digits < 7 || digits > 15)
      violations.push({
        field: 'phone_numbers.primary_phone',
        description: 'primaryPhone is not a phone number',
      });
  }
  if (mask.includes('regularHours')) violations.push(...hoursViolations(body.regularHours));
  return violations;
}

function badRequest(send: Send, res: ServerResponse, violations: Violation[]) {
  send(res, 400, {
    error: {
      code: 400,
      message: 'Request contains an invalid argument.',
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations }],
    },
  });
}

/** Sets the masked fields of `body` on `location` (a mask naming a sub-field replaces only that one). */
function apply(location: EmulatorLocation, mask: string[], body: Record<string, unknown>) {
  const set = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') delete location[key];
    else location[key] = value;
  };
  for (const field of new Set(mask)) {
    const [top, sub] = field.split('.') as [string, string | undefined];
    if (!sub) {
      set(top, body[top]);
      continue;
    }
    const value = (body[top] as Record<string, unknown> | undefined)?.[sub];
    const current = { ...((location[top] as Record<string, unknown> | undefined) ?? {}) };
    if (value === undefined || value === '') delete current[sub];
    else current[sub] = value;
    set(top, Object.keys(current).length ? current : undefined);
  }
}

export function patchLocation(
  state: EmulatorState,
  request: { locationId: string; url: URL; body: unknown },
  res: ServerResponse,
  send: Send,
) {
  const location = state.locations.get(request.locationId);
  if (!location) return apiError(send, res, 404, 'Requested entity was not found.');
  const rawMask = request.url.searchParams.get('updateMask') ?? '';
  const mask = rawMask
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (mask.length === 0)
    return apiError(send, res, 400, 'Request contains an invalid argument. updateMask is required');
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))
    return apiError(send, res, 400, 'Invalid JSON payload received.');
  const body = request.body as Record<string, unknown>;
  const violations = violationsOf(mask, body);
  if (violations.length > 0) return badRequest(send, res, violations);
  const retryAfter = takeEdit(state, request.locationId);
  if (retryAfter !== null) {
    res.setHeader('retry-after', String(retryAfter));
    return apiError(send, res, 429, EDIT_QUOTA_MESSAGE);
  }
  apply(location, mask, body);
  send(res, 200, structuredClone(location));
}
