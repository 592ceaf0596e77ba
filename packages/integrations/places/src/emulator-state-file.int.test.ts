import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PlacesClient } from './client';
import { startPlacesEmulator } from './emulator';

// Issue 43 / decision 060: the Places emulator's world is fixed, so its memory is what it was asked; with a
// state file that outlives its process.

const dir = mkdtempSync(join(tmpdir(), 'places-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Places emulator with a state file', () => {
  it('keeps its calls and request log across a restart on the same file', async () => {
    const stateFile = join(dir, 'places.json');
    const first = await startPlacesEmulator({ stateFile });
    const client = new PlacesClient({ baseUrl: first.apiUrl, apiKey: 'emulator' });
    const found = await client.searchText({ textQuery: 'pizza in Portland' }, ['id', 'displayName']);
    expect(found.places.length).toBeGreaterThan(0);
    await first.close();

    const second = await startPlacesEmulator({ stateFile });
    try {
      expect(second.calls.searchText).toBe(1);
      expect(second.requests.at(-1)).toMatchObject({
        endpoint: 'searchText',
        body: { textQuery: 'pizza in Portland' },
      });
    } finally {
      await second.close();
    }
  });
});
