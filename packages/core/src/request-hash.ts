import { createHash } from 'node:crypto';

/**
 * The one fingerprint of a request under an Idempotency-Key (payments' keys and online orders alike): SHA-256
 * of the operation and the body written with its keys sorted, so key order never makes two requests differ,
 * absent (undefined) fields count as missing, and dates count by their instant.
 */
export function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(stableJson(body)).digest('hex');
}

export function stableJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
