import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINTS } from './endpoints';

/**
 * Decision 016: no request field, path parameter or query parameter accepts control characters or unpaired
 * surrogates. This walks every request schema of every endpoint down to the schemas that accept text and
 * proves, with generated strings, that each refuses any text holding one of those characters, so a new
 * `z.string()` that skips the shared text rule fails here rather than as a 500 from the database.
 */

interface TextLeaf {
  path: string;
  schema: z.ZodType;
}
interface OpenLeaf {
  path: string;
  type: string;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions differ per schema type
type Def = any;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema that first sees the raw input of a pipe (a `.transform()` is a pipe into a transform). */
const inputSide = (schema: z.ZodType): z.ZodType => {
  const def = defOf(schema);
  return def.type === 'pipe' ? inputSide(def.in) : schema;
};

function walk(
  schema: z.ZodType,
  path: string,
  leaves: { text: TextLeaf[]; open: OpenLeaf[] },
  seen: Set<z.ZodType>,
) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      leaves.text.push({ path, schema });
      return;
    case 'pipe':
      if (defOf(inputSide(schema)).type === 'string') leaves.text.push({ path, schema });
      else {
        walk(def.in, path, leaves, seen);
        walk(def.out, path, leaves, seen);
      }
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, path, leaves, seen);
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        walk(value, `${path}.${key}`, leaves, seen);
      if (def.catchall && defOf(def.catchall).type !== 'never') walk(def.catchall, `${path}.*`, leaves, seen);
      return;
    case 'array':
      walk(def.element, `${path}[]`, leaves, seen);
      return;
    case 'tuple':
      for (const [index, item] of (def.items as z.ZodType[]).entries())
        walk(item, `${path}[${index}]`, leaves, seen);
      if (def.rest) walk(def.rest, `${path}[]`, leaves, seen);
      return;
    case 'union':
      for (const [index, option] of (def.options as z.ZodType[]).entries())
        walk(option, `${path}|${index}`, leaves, seen);
      return;
    case 'intersection':
      walk(def.left, path, leaves, seen);
      walk(def.right, path, leaves, seen);
      return;
    case 'record':
      walk(def.keyType, `${path}{key}`, leaves, seen);
      walk(def.valueType, `${path}{value}`, leaves, seen);
      return;
    case 'lazy':
      walk(def.getter(), path, leaves, seen);
      return;
    case 'any':
    case 'unknown':
    case 'custom':
      leaves.open.push({ path, type: def.type });
      return;
    default:
      return; // numbers, booleans, enums, literals, dates: no free text
  }
}

function requestLeaves() {
  const leaves = { text: [] as TextLeaf[], open: [] as OpenLeaf[] };
  for (const endpoint of ENDPOINTS) {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = endpoint.request?.[part];
      if (schema) walk(schema, `${endpoint.method} ${endpoint.path} ${part}`, leaves, new Set());
    }
  }
  return leaves;
}

// C0 controls except tab, line feed and carriage return (multi-line text may hold those), DEL, and both
// halves of a surrogate pair on their own.
const forbidden = fc.oneof(
  fc.integer({ min: 0x00, max: 0x1f }).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  fc.constant(0x7f),
  fc.integer({ min: 0xd800, max: 0xdfff }),
);
const textAround = fc.string({ unit: 'grapheme', maxLength: 12 });

// Texts that pass the format checks (URLs, emails, domains, ids, image JSON): a forbidden character put inside
// one of these must fail on the text rule, not merely because the random text around it was no URL.
const CARRIERS = [
  'Bistro',
  'http://example.com/menu',
  'https://example.com',
  'hello@example.com',
  'example.com',
  'www.example.com',
  '550e8400-e29b-41d4-a716-446655440000',
  '2026-01-01T00:00:00.000Z',
  '{"original":{"url":"http://example.com/a.jpg","format":"jpeg","width":1,"height":1,"size":1}}',
];
const insert = (carrier: string, at: number, bad: string) => {
  const position = at % (carrier.length + 1);
  return `${carrier.slice(0, position)}${bad}${carrier.slice(position)}`;
};

describe('request text (decision 016)', () => {
  const leaves = requestLeaves();

  it('finds the text fields of the contracts', () => {
    expect(leaves.text.length).toBeGreaterThan(100);
  });

  it('refuses control characters and unpaired surrogates in every text field, parameter and record key', () => {
    const accepting: string[] = [];
    for (const leaf of leaves.text) {
      const carriers = CARRIERS.filter((carrier) => leaf.schema.safeParse(carrier).success);
      const result = fc.check(
        fc.property(
          textAround,
          forbidden,
          textAround,
          fc.nat(),
          fc.constantFrom('', ...carriers),
          (before, code, after, at, carrier) => {
            // A space after the bad character keeps a lone surrogate from pairing with its neighbour.
            const bad = `${String.fromCharCode(code)} `;
            const candidate = carrier ? insert(carrier, at, bad) : `${before}${bad}${after}`;
            return !leaf.schema.safeParse(candidate).success;
          },
        ),
        { numRuns: 60, seed: 16 },
      );
      if (result.failed) accepting.push(`${leaf.path}: ${JSON.stringify(result.counterexample)}`);
    }
    expect(accepting).toEqual([]);
    // every text field of every contract, several inputs each: ~2.5 s alone, twice that on a loaded machine
  }, 30_000);

  it('leaves no request part unvalidated (any, unknown or custom) but the rows of the per-row batches', () => {
    // The bulk endpoints answer per row (bulk results), so each row is validated by the use-case
    // with the single-mapping schemas, whose text fields this test covers through the single endpoints;
    // so does a register's batch of offline sales (decision 073), each with the single sale's schema.
    expect(leaves.open.map((leaf) => leaf.path)).toEqual([
      'POST /domain-mappings/bulk body.mappings[]',
      'PATCH /domain-mappings/bulk body.mappings[].updates',
      'POST /tenants/{tenantId}/restaurants/{restaurantId}/pos/orders/sync body.sales[].sale{value}',
    ]);
  });
});
