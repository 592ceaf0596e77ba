import { z } from 'zod';
import { text, withTextRule } from '../text';
import { SIGNED_AMOUNT, UNSIGNED_AMOUNT } from './amount';
import { YES_NO } from './constants';

/**
 * Building blocks of the gateway schemas that validate (requests, and answers where Brigade is the one that
 * must get them right, e.g. the emulator). The gateway's JSON carries every value as a string, so these are
 * string schemas built on text() (decision 016: no control characters). Where the spec gives no message,
 * the message is ours and follows one pattern: "{Label} is required", "{Label} cannot exceed {n}
 * characters", "{Label} must be …". Each field reports only its first problem.
 */

export const requiredMessage = (label: string) => `${label} is required`;
export const typeMessage = (label: string) => `${label} must be a string`;
const characters = (count: number) => `${count} character${count === 1 ? '' : 's'}`;
export const maxLengthMessage = (label: string, max: number) => `${label} cannot exceed ${characters(max)}`;
export const minLengthMessage = (label: string, min: number) =>
  `${label} must be at least ${characters(min)}`;
export const emptyMessage = (label: string) => `${label} cannot be empty`;
export const exactLengthMessage = (label: string, length: number) =>
  `${label} must be exactly ${characters(length)}`;
export const invalidMessage = (label: string) => `${label} is invalid`;
export const yesNoMessage = (label: string) => `${label} must be Y or N`;
export const oneOfMessage = (label: string, values: readonly string[]) =>
  `${label} must be one of ${values.map((value) => (value === '' ? 'blank' : value)).join(', ')}`;

export const DIGITS = /^\d+$/;
export const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
export const UPPER_ALPHANUMERIC = /^[A-Z0-9]+$/;
export const UPPER_LETTERS = /^[A-Z]+$/;
/** MMYY with a month 01-12. */
export const MMYY = /^(0[1-9]|1[0-2])\d{2}$/;
/** MMDD with a month 01-12 and a day 01-31. */
export const MMDD = /^(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;
/** YYYYMMDD with a year 1900-2100. */
export const YYYYMMDD = /^(19\d{2}|20\d{2}|2100)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;
/** YYYY-MM-DD with a year 1900-2100. */
export const ISO_DATE = /^(19\d{2}|20\d{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** YYYYMM with a month 01-12. */
export const YYYYMM = /^\d{4}(0[1-9]|1[0-2])$/;
/** A gateway date-time: YYYYMMDDHHMMSS. */
export const DATE_TIME_14 = /^\d{14}$/;
/** A US ZIP code: 5 digits, or 5+4 with an optional hyphen. */
export const US_ZIP = /^\d{5}(-?\d{4})?$/;
/** A masked card number: digits, X or *. */
export const MASKED_CARD = /^[0-9X*]{4,25}$/;

interface TextRule {
  /** Missing, not a string or empty: `{Label} is required` (or `missingMessage`). */
  required?: boolean;
  min?: number;
  max?: number;
  length?: number;
  pattern?: RegExp;
  patternMessage?: string;
  /** The message for a value that is missing, not a string or (when required) empty. */
  missingMessage?: string;
  /** One message for every other problem of the field (the spec's constructor messages). */
  message?: string;
}

/** A gateway string field; add `.optional()` where the field may be left out. */
export function gatewayText(label: string, rule: TextRule = {}): z.ZodString {
  const only = rule.message;
  const missing =
    rule.missingMessage ?? only ?? (rule.required ? requiredMessage(label) : typeMessage(label));
  const abort = (message: string) => ({ message: only ?? message, abort: true });
  let schema = text({ error: missing });
  if (rule.required) schema = schema.min(1, { message: missing, abort: true });
  if (rule.length !== undefined)
    schema = schema.length(rule.length, abort(exactLengthMessage(label, rule.length)));
  if (rule.min !== undefined)
    schema = schema.min(
      rule.min,
      abort(rule.min === 1 ? emptyMessage(label) : minLengthMessage(label, rule.min)),
    );
  if (rule.max !== undefined) schema = schema.max(rule.max, abort(maxLengthMessage(label, rule.max)));
  if (rule.pattern) schema = schema.regex(rule.pattern, abort(rule.patternMessage ?? invalidMessage(label)));
  return schema;
}

/** Y or N. */
export const yesNo = (label: string) => z.enum(YES_NO, { error: yesNoMessage(label) });

/** One of a fixed list of strings. */
export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: oneOfMessage(label, values) });

/** A decimal amount with up to two places, at most `max` characters; `signed` allows a leading '-'. */
export const amountText = (
  label: string,
  max: number,
  options: { signed?: boolean; message?: string } = {},
) =>
  gatewayText(label, {
    max,
    pattern: options.signed ? SIGNED_AMOUNT : UNSIGNED_AMOUNT,
    patternMessage: `${label} must be a number with up to two decimal places`,
    message: options.message,
  });

/** An email address of at most `max` characters. */
export const emailText = (label: string, max: number) =>
  withTextRule(
    z
      .email({ error: `${label} must be a valid email address` })
      .max(max, { message: maxLengthMessage(label, max), abort: true }),
  );

/** A funding or chargeback date: YYYY-MM-DD or YYYYMMDD, year 1900-2100. */
export const recordDate = (label: string) =>
  gatewayText(label, {
    pattern: new RegExp(`${ISO_DATE.source}|${YYYYMMDD.source}`),
    patternMessage: `${label} must be a date (YYYY-MM-DD or YYYYMMDD)`,
  });

/** A JSON object (not an array, not null). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A field the gateway sends either as an object or as a JSON string of one (emvTagData, receipt,
 * receiptObj). A string that is not the JSON of an object fails with `Invalid JSON in {name} string`.
 */
export const jsonObjectField = <T extends z.ZodType>(name: string, inner: T) =>
  z
    .unknown()
    .transform((value, ctx): Record<string, unknown> => {
      if (isPlainObject(value)) return value;
      if (typeof value === 'string') {
        try {
          const parsed: unknown = JSON.parse(value);
          if (isPlainObject(parsed)) return parsed;
        } catch {
          // reported below
        }
        ctx.issues.push({ code: 'custom', message: `Invalid JSON in ${name} string`, input: value });
      } else {
        ctx.issues.push({
          code: 'custom',
          message: `${name} must be an object or a JSON string`,
          input: value,
        });
      }
      return z.NEVER;
    })
    .pipe(inner as unknown as z.ZodType<z.output<T>, Record<string, unknown>>);

/** The entries of `shape` named in `keys`. */
export function pickShape<S extends z.ZodRawShape, K extends keyof S>(
  shape: S,
  keys: readonly K[],
): Pick<S, K> {
  const picked = {} as Pick<S, K>;
  for (const key of keys) picked[key] = shape[key];
  return picked;
}

/** A rule between fields of one request, with the message it gives and the field it names. */
export interface PaymentRule<T> {
  path: string;
  message: string;
  holds: (value: T) => boolean;
}

interface IssueSink {
  addIssue: (issue: { code: 'custom'; message: string; path: PropertyKey[] }) => void;
}

/** Runs rules in a superRefine; a rule on path '' is about the whole request. */
export const checkPaymentRules =
  <T>(rules: readonly PaymentRule<T>[]) =>
  (value: T, ctx: IssueSink): void => {
    for (const rule of rules) {
      if (!rule.holds(value))
        ctx.addIssue({ code: 'custom', message: rule.message, path: rule.path ? [rule.path] : [] });
    }
  };

/** A request's fields exactly: anything else is refused with `Unknown field: {names}`. */
export const closedObject = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined,
  });
