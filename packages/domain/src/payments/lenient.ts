import { z } from 'zod';
import { isPlainObject } from './fields';

/**
 * Lenient schemas read what the gateway actually answers. Its answers gain fields at any time and its test
 * system adds random dummy fields and shuffles their order, so a lenient schema keeps unknown fields, checks
 * no lengths or formats, accepts a number or boolean where a string is expected (and the other way round
 * for the few boolean fields), and turns a JSON-string field that does not parse into an empty object. It
 * fails only where the spec says loading fails (a surcharge answer without token, postal or messages) or
 * when the answer is not an object at all. Validate what you use (the derivations do).
 */

const scalarToString = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
    return String(value);
  return undefined;
};

/** A string field: strings kept, numbers and booleans written as strings, anything else left out. */
export const lenientString = z.unknown().transform(scalarToString).optional();

/** A string field the answer must have (`message` when it does not). */
export const lenientRequiredString = (message: string) =>
  z
    .unknown()
    .transform(scalarToString)
    .pipe(z.string({ error: message }));

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, y: true, n: false };

/** A boolean field: true/false, "true"/"false" and "Y"/"N" (any case); anything else left out. */
export const lenientBoolean = z
  .unknown()
  .transform((value): boolean | undefined => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string') return BOOLEAN_WORDS[value.trim().toLowerCase()];
    return undefined;
  })
  .optional();

const toObject = (value: unknown): Record<string, unknown> | undefined => {
  if (value === undefined || value === null) return undefined;
  if (isPlainObject(value)) return value;
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
};

/** A field sent as an object or a JSON string of one; what does not parse becomes {}, then `inner` reads it. */
export const lenientJsonObject = <T extends z.ZodType>(inner: T) =>
  z
    .unknown()
    .transform(toObject)
    .pipe(
      inner.optional() as unknown as z.ZodType<z.output<T> | undefined, Record<string, unknown> | undefined>,
    )
    .optional();

/**
 * Userfields, which the gateway sends as an object, a list of one-entry objects or a JSON string of either:
 * always one object of strings.
 */
export const lenientUserfields = z
  .unknown()
  .transform((value): Record<string, string> | undefined => {
    let source: unknown = value;
    if (typeof value === 'string') {
      try {
        source = JSON.parse(value);
      } catch {
        return {};
      }
    }
    if (source === undefined || source === null) return undefined;
    const parts = Array.isArray(source) ? source : [source];
    const fields: Record<string, string> = {};
    for (const part of parts) {
      if (!isPlainObject(part)) continue;
      for (const [key, entry] of Object.entries(part)) {
        const asString = scalarToString(entry);
        if (asString !== undefined) fields[key] = asString;
      }
    }
    return fields;
  })
  .optional();

/**
 * A list: an array, or a single object wrapped into one (the gateway answers one chargeback without the
 * array); absent becomes []. Entries that are not objects are dropped.
 */
export const lenientList = <T extends z.ZodType>(item: T) =>
  z
    .unknown()
    .transform((value): unknown[] => {
      if (value === undefined || value === null) return [];
      const entries = Array.isArray(value) ? value : [value];
      return entries.filter(isPlainObject);
    })
    .pipe(z.array(item))
    // An absent key never reaches the transform inside an object; the default covers it.
    .default(() => []);

/** An answer that is one object or a list of them (inquireByOrderid, settlestat, profile): always a list. */
export const lenientOneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .unknown()
    .transform((value) => (Array.isArray(value) ? value.filter(isPlainObject) : [value]))
    .pipe(z.array(item));

type LenientShape<K extends string, O> = {
  [P in K]: P extends keyof O ? Extract<O[P], z.ZodType> : typeof lenientString;
};

/**
 * The lenient object of a list of field names: every field a lenientString unless `overrides` gives it
 * another schema; unknown fields kept.
 */
export function lenientObjectOf<const K extends string, O extends { [P in K]?: z.ZodType } = object>(
  keys: readonly K[],
  overrides?: O,
) {
  const shape: Record<string, z.ZodType> = {};
  for (const key of keys)
    shape[key] = (overrides as Record<string, z.ZodType> | undefined)?.[key] ?? lenientString;
  return z.looseObject(shape as LenientShape<K, O>);
}
