import { CHANGE_AREAS } from '@brigade/domain/change-areas';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint';
import { ENDPOINTS } from './endpoints';

/** What an endpoint declares, seen without the type that already keeps reads from declaring anything. */
const declared = (endpoint: Endpoint): unknown => endpoint.changes;

// docs/decisions/011-change-feed.md: a write publishes the area its contract declares before it answers, so a
// write that declared nothing would leave this process's caches stale. The type asks for it; this holds
// whatever a cast lets through.
describe('what each endpoint changes, for the change feed', () => {
  const writes = ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET');

  it('is declared on every write (POST, PUT, PATCH, DELETE): an area, or none', () => {
    expect(writes.length).toBeGreaterThan(0);
    expect(
      writes.filter((endpoint) => endpoint.changes === undefined).map((endpoint) => endpoint.id),
    ).toEqual([]);
  });

  it('is an area the change feed knows, or none', () => {
    const known: readonly string[] = [...CHANGE_AREAS, 'none'];
    expect(
      writes
        .filter((endpoint) => endpoint.changes !== undefined && !known.includes(endpoint.changes))
        .map((endpoint) => `${endpoint.id}: ${endpoint.changes}`),
    ).toEqual([]);
  });

  it('is left out on reads, which change nothing', () => {
    expect(
      ENDPOINTS.filter((endpoint) => endpoint.method === 'GET' && declared(endpoint) !== undefined).map(
        (endpoint) => endpoint.id,
      ),
    ).toEqual([]);
  });
});
