import { INT32_MAX } from '@brigade/domain/integers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from './endpoints';

/**
 * Decision 016: every integer a request carries (path, query, body) is bounded to PostgreSQL's `integer`,
 * so none can overflow a column. Read from the JSON Schema zod generates for each request part.
 */
function unbounded(schema: unknown, path: string, out: string[]): void {
  if (Array.isArray(schema)) {
    for (const inner of schema) unbounded(inner, path, out);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  if (node.type === 'integer') {
    const max = (node.maximum as number | undefined) ?? Number.POSITIVE_INFINITY;
    const min =
      (node.minimum as number | undefined) ?? (node.exclusiveMinimum as number | undefined) ?? -Infinity;
    if (max > INT32_MAX || min < -INT32_MAX - 1) out.push(path);
  }
  for (const [key, inner] of Object.entries(node)) {
    const step = ['properties', 'items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'].includes(key)
      ? ''
      : `.${key}`;
    unbounded(inner, `${path}${step}`, out);
  }
}

describe('request integers (decision 016)', () => {
  it('bounds every integer of every request to the range of a PostgreSQL integer', () => {
    const found: string[] = [];
    for (const endpoint of ENDPOINTS)
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = endpoint.request?.[part];
        if (schema)
          unbounded(
            z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
            `${endpoint.method} ${endpoint.path} ${part}`,
            found,
          );
      }
    expect([...new Set(found)]).toEqual([]);
  });
});
