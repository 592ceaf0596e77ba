import fc from 'fast-check';
import { type JsonSchema, schemaAt } from './schema-arbitraries';

/**
 * The near-valid and hostile flavours of the fuzz test: a valid value with one field changed (near-valid),
 * or with a field, key or the whole body replaced by input built to break parsers, encoders and databases
 * (hostile).
 */

type Path = (string | number)[];

/** Every place inside a JSON value: the root, each object property and each array element. */
function placesOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value))
    for (const [index, item] of value.entries()) placesOf(item, [...path, index], out);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], out);
  return out;
}

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

/** `value` with the place at `path` replaced by `replacement` (undefined removes an object property). */
function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const root = clone(value);
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return root;
}

const typeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

const OTHER_TYPES: Record<string, unknown[]> = {
  string: [42, true, null, [], {}],
  number: ['12', true, null, [1], {}],
  boolean: ['true', 1, null, []],
  object: ['{}', 1, null, [], true],
  array: ['[]', 1, null, {}, true],
  null: ['', 0, false, {}],
  undefined: [null, '', 0],
};

/**
 * Days and moments at the edges of what a database holds (issue 42: year 0 and 9999-12-31 reached PostgreSQL
 * as 22008 and came back as 500), and just outside the years 2000-2100 the queries take.
 */
const DATE_EDGES = ['0000-01-01', '9999-12-31', '1999-12-31', '2101-01-01', '1970-01-01'];
const DATE_TIME_EDGES = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '2101-01-01T00:00:00+14:00',
];
const looksLikeDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

/**
 * Numbers a money or rate field must refuse (issue 42: a negative modifier price took a quote below zero,
 * 1e308 priced an item beyond what an order can hold), besides the schema's own edges.
 */
const NUMBER_EDGES = [-1, -50, -0.01, 0, 0.5, 12.345, 999_999.995, 1_000_000, 100.5, 2 ** 31, -(2 ** 31) - 1];

export type NearValidKind = 'wrong-type' | 'too-long' | 'out-of-range' | 'missing' | 'empty' | 'null';
export const NEAR_VALID_KINDS: NearValidKind[] = [
  'wrong-type',
  'too-long',
  'out-of-range',
  'missing',
  'empty',
  'null',
];

/** One field of a valid value changed to something just outside what the schema allows. */
export function mutateOnce(
  value: unknown,
  schema: JsonSchema,
  placeIndex: number,
  kind: NearValidKind,
  pick: number,
): unknown {
  const places = placesOf(value);
  const path = places[placeIndex % places.length]!;
  const at = schemaAt(schema, path);
  const current = path.reduce<unknown>(
    (inner, step) => (inner as Record<string | number, unknown>)?.[step],
    value,
  );
  const choose = <T>(options: T[]): T => options[pick % options.length]!;
  switch (kind) {
    case 'wrong-type':
      return replaceAt(value, path, choose(OTHER_TYPES[typeOf(current)] ?? [null]));
    case 'too-long': {
      const maxLength = (at.maxLength as number | undefined) ?? (at.maxItems as number | undefined);
      if (Array.isArray(current))
        return replaceAt(value, path, Array((maxLength ?? 1000) + 1).fill(current[0] ?? 1));
      return replaceAt(value, path, 'x'.repeat((maxLength ?? 10_000) + 1));
    }
    case 'out-of-range': {
      if (looksLikeDate(current))
        return replaceAt(value, path, choose(current.includes('T') ? DATE_TIME_EDGES : DATE_EDGES));
      const low = (at.minimum as number | undefined) ?? (at.exclusiveMinimum as number | undefined);
      const high = (at.maximum as number | undefined) ?? (at.exclusiveMaximum as number | undefined);
      return replaceAt(
        value,
        path,
        choose([
          ...(low === undefined ? [] : [low - 1]),
          ...(high === undefined ? [] : [high + 1]),
          ...NUMBER_EDGES,
          Number.MAX_SAFE_INTEGER,
          1e308,
        ]),
      );
    }
    case 'missing':
      return path.length === 0 ? undefined : replaceAt(value, path, undefined);
    case 'empty':
      return replaceAt(value, path, choose(['', ' ', [], {}]));
    case 'null':
      return replaceAt(value, path, null);
  }
}

const deepArray = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
};

/** Values built to break something: encodings, limits, number parsing, prototypes, normalisation. */
export const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  'lone \ud83d',
  '\udc00 low',
  '😀'.repeat(25),
  `A${'😀'.repeat(25)}`,
  '\u0007\u001b[31mred',
  'del\u007f',
  'x'.repeat(100_000),
  'Cafe\u0301',
  'ﬁ',
  'Ａｄｍｉｎ',
  '\u202Egnp.exe',
  '\ufeffbom',
  '\u2028\u2029',
  '\uffff',
  'İı',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../../etc/passwd',
  '%00',
  ['$', '{jndi:ldap://x}'].join(''),
  '',
  ' ',
  1e308,
  -1e308,
  -50,
  999_999.995,
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  -0,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  5e-324,
  'NaN',
  'Infinity',
  '-0',
  '1e3',
  '0x10',
  true,
  null,
  [],
  {},
  deepArray(2000),
  { __proto__: null, constructor: { prototype: { isSiteAdmin: true } } },
];

/** An object that carries `__proto__` as its own key, as JSON.parse makes one from a request body. */
export const withProtoKey = (value: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...value };
  Object.defineProperty(out, '__proto__', {
    value: { isSiteAdmin: true, polluted: 'yes' },
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return out;
};

/** A valid value with the place at `placeIndex` replaced by a hostile value, or given a `__proto__` key. */
export function poison(value: unknown, placeIndex: number, hostile: unknown, protoKey: boolean): unknown {
  const places = placesOf(value);
  const path = places[placeIndex % places.length]!;
  if (protoKey) {
    const objects = places.filter((place) => {
      const inner = place.reduce<unknown>(
        (v, step) => (v as Record<string | number, unknown>)?.[step],
        value,
      );
      return typeOf(inner) === 'object';
    });
    const target = objects[placeIndex % Math.max(objects.length, 1)];
    if (target) {
      const inner = target.reduce<unknown>((v, step) => (v as Record<string | number, unknown>)[step], value);
      return replaceAt(value, target, withProtoKey(inner as Record<string, unknown>));
    }
  }
  return replaceAt(value, path, hostile);
}

/** Bodies sent as raw text: not JSON, JSON that parses to something odd, or too large for the limit. */
export const RAW_BODIES: { text: string; contentType: string }[] = [
  { text: '{"a":', contentType: 'application/json' },
  { text: 'NaN', contentType: 'application/json' },
  { text: '{"n": 1e999}', contentType: 'application/json' },
  { text: '{"n": -0}', contentType: 'application/json' },
  { text: '\ufeff{}', contentType: 'application/json' },
  { text: '{"__proto__": {"isSiteAdmin": true}}', contentType: 'application/json' },
  { text: '{"constructor": {"prototype": {"isSiteAdmin": true}}}', contentType: 'application/json' },
  { text: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  { text: `{"name": "${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { text: '{"name": "bad \\ud800 escape"}', contentType: 'application/json' },
  { text: '{"name": "nul \\u0000"}', contentType: 'application/json' },
  { text: 'name=x', contentType: 'application/x-www-form-urlencoded' },
  { text: 'plain', contentType: 'text/plain' },
  { text: '', contentType: 'application/json' },
];

export const hostileValue = fc.constantFrom(...HOSTILE_VALUES);
export const rawBody = fc.constantFrom(...RAW_BODIES);
export const nearValidKind = fc.constantFrom(...NEAR_VALID_KINDS);
