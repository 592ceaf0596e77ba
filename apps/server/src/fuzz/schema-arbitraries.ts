import { cutText, MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from '@brigade/domain/text';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from the contracts' zod schemas through zod 4's own JSON Schema output
 * (`z.toJSONSchema`, input side). zod-fast-check only knows zod 3, so this is a small walker over the JSON
 * Schema subset the contracts produce: object, array, string (formats and patterns), number, integer,
 * boolean, null, enum, const, anyOf / oneOf / allOf, records (additionalProperties) and `not: {}` (a field
 * that must be absent). Refinements (cross-field rules, references to stored rows) are not in JSON Schema:
 * a "valid" value is valid in shape, and the server may still refuse it on a rule, which the fuzz test
 * counts as a rejection like any other.
 */

export type JsonSchema = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  }) as JsonSchema;
}

/**
 * Arbitraries for properties whose meaning the schema cannot say (ids of stored rows, time zones...), by the
 * property's name and schema; undefined leaves the property to the schema.
 */
export type Hints = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
const noHints: Hints = () => undefined;

const ASCII_WORD = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.'.split('')),
  minLength: 1,
  maxLength: 16,
});
// Well-formed text that people really type: accents in both normal forms, emoji (with joiners and
// modifiers), scripts written right to left, compatibility characters, and markup-looking text.
const HUMAN_TEXT = fc.constantFrom(
  'Café',
  'Cafe\u0301',
  '😀',
  '👨‍👩‍👧',
  '👍🏽',
  '🇫🇷',
  '中文菜单',
  'مطعم',
  'ﬁsh',
  'Ｔｅａ',
  'İstanbul',
  'Straße',
  '<b>bold</b>',
  "O'Brien & Sons",
);
const SINGLE_LINE_PIECE = fc.oneof(
  { weight: 6, arbitrary: ASCII_WORD },
  { weight: 2, arbitrary: HUMAN_TEXT },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);
const MULTI_LINE_PIECE = fc.oneof(
  { weight: 8, arbitrary: SINGLE_LINE_PIECE },
  { weight: 1, arbitrary: fc.constantFrom('\n', '\r\n', '\t') },
);

const textArbitrary = (multiLine: boolean, minLength: number, maxLength: number) =>
  fc.array(multiLine ? MULTI_LINE_PIECE : SINGLE_LINE_PIECE, { minLength: 1, maxLength: 4 }).map((pieces) => {
    const pattern = multiLine ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT;
    // Graphemes may hold characters the text rule refuses; valid text leaves them out.
    let value = [...pieces.join(' ')].filter((character) => pattern.test(character)).join('');
    if (value.trim().length < minLength) value = `${value}${'x'.repeat(minLength)}`;
    return cutText(value, maxLength);
  });

const EMAIL = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/),
    fc.constantFrom('com', 'org', 'example', 'io'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

const DATE = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

const patternsOf = (schema: JsonSchema): string[] => [
  ...(typeof schema.pattern === 'string' ? [schema.pattern] : []),
  ...((schema.allOf as JsonSchema[] | undefined) ?? []).flatMap(patternsOf),
];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 40;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return EMAIL;
    case 'uri':
      return fc.webUrl({ validSchemes: ['http', 'https'], size: 'small' });
    case 'date-time':
      return DATE.map((date) => date.toISOString());
    case 'date':
      return DATE.map((date) => date.toISOString().slice(0, 10));
    case 'ipv4':
      return fc.ipV4();
  }
  const patterns = patternsOf(schema);
  const textPatterns = [SINGLE_LINE_TEXT.source, MULTI_LINE_TEXT.source];
  const own = patterns.filter((pattern) => !textPatterns.includes(pattern));
  if (own.length > 0) {
    const all = patterns.map((pattern) => new RegExp(pattern, 'u'));
    return fc
      .stringMatching(new RegExp(own[0]!))
      .filter((value) => all.every((pattern) => pattern.test(value)) && value.length <= maxLength)
      .filter((value) => value.length >= minLength);
  }
  return textArbitrary(patterns.includes(MULTI_LINE_TEXT.source), minLength, Math.max(minLength, maxLength));
}

const SMALL = 1000;
const INT32_MAX = 2 ** 31 - 1;

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const exclusiveMax = schema.exclusiveMaximum as number | undefined;
  if (integer) {
    const lo = Math.max(
      (schema.minimum as number | undefined) ?? Number.MIN_SAFE_INTEGER,
      exclusiveMin === undefined ? Number.MIN_SAFE_INTEGER : Math.floor(exclusiveMin) + 1,
    );
    const hi = Math.min(
      (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER,
      exclusiveMax === undefined ? Number.MAX_SAFE_INTEGER : Math.ceil(exclusiveMax) - 1,
    );
    const near = fc.integer({ min: Math.max(lo, -SMALL), max: Math.min(hi, SMALL) });
    const wide = fc.integer({ min: Math.max(lo, -INT32_MAX - 1), max: Math.min(hi, INT32_MAX) });
    // The edges of the range as the schema states it, beyond what a database column may hold included.
    const edges = fc.constantFrom(...new Set([lo, hi, Math.min(hi, INT32_MAX + 1), Math.max(lo, 0)]));
    return fc.oneof(
      { weight: 8, arbitrary: near },
      { weight: 1, arbitrary: wide },
      { weight: 1, arbitrary: edges },
    );
  }
  const lo = (schema.minimum as number | undefined) ?? exclusiveMin ?? -Number.MAX_VALUE;
  const hi = (schema.maximum as number | undefined) ?? exclusiveMax ?? Number.MAX_VALUE;
  const constraints = {
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: exclusiveMin !== undefined,
    maxExcluded: exclusiveMax !== undefined,
  };
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.double({ ...constraints, min: Math.max(lo, -SMALL), max: Math.min(hi, SMALL) }),
    },
    { weight: 1, arbitrary: fc.double({ ...constraints, min: lo, max: hi }) },
  );
}

const isForbidden = (schema: JsonSchema) =>
  typeof schema.not === 'object' && schema.not !== null && Object.keys(schema.not).length === 0;

/** An arbitrary of values that have the schema's shape. `name` is the property the value is for. */
export function validArbitrary(
  schema: JsonSchema,
  hints: Hints = noHints,
  name?: string,
): fc.Arbitrary<unknown> {
  const hinted = name === undefined ? undefined : hints(name, schema);
  if (hinted) return hinted;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return fc.oneof(...union.map((member) => validArbitrary(member, hints, name)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 3, Math.max(minLength, 3));
      return fc.array(validArbitrary(items, hints), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (!isForbidden(property)) model[key] = validArbitrary(property, hints, key);
      }
      const record = fc.record(model, {
        requiredKeys: Object.keys(model).filter((key) => required.has(key)),
      });
      const extra = schema.additionalProperties;
      if (typeof extra !== 'object' || extra === null) return record;
      const keys = (schema.propertyNames as JsonSchema | undefined) ?? { type: 'string' };
      return fc
        .tuple(
          record,
          fc.dictionary(stringArbitrary(keys), validArbitrary(extra as JsonSchema, hints), { maxKeys: 3 }),
        )
        .map(([fixed, more]) => ({ ...more, ...fixed }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The schema of the value at `path` inside a value of `schema`, as far as the walker can tell. */
export function schemaAt(schema: JsonSchema, path: readonly (string | number)[]): JsonSchema {
  let current: JsonSchema | undefined = schema;
  for (const step of path) {
    if (!current) return {};
    const union = (current.anyOf ?? current.oneOf) as JsonSchema[] | undefined;
    if (union)
      current = union.find((member) => member.type === (typeof step === 'number' ? 'array' : 'object'));
    if (!current) return {};
    if (typeof step === 'number') current = current.items as JsonSchema | undefined;
    else
      current =
        ((current.properties as Record<string, JsonSchema> | undefined)?.[step] ??
          (current.additionalProperties as JsonSchema | undefined)) ||
        undefined;
  }
  return current ?? {};
}
