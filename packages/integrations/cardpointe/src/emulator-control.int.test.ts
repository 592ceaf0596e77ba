import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';

// The emulator's clock moved over HTTP (emulator-control.ts), as browser tests do against a running server.

const MERCHID = '496160873888';
const START = new Date('2025-03-10T15:00:00Z');
let emulator: CardPointeEmulator;
let client: CardPointeClient;
beforeAll(async () => {
  emulator = await startCardPointeEmulator({ now: START });
  client = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'testing123' });
});
afterAll(async () => emulator?.close());

const clock = (init?: RequestInit) => fetch(`${emulator.url}/emulator/clock`, init);
const advance = (body: unknown) =>
  clock({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the emulator clock over HTTP', () => {
  it('tells the time and moves it forward, and sales settle as it moves', async () => {
    expect(await (await clock()).json()).toEqual({ now: START.toISOString() });
    const sale = await client.auth({
      merchid: MERCHID,
      account: '4111111111111111',
      amount: '12.00',
      orderid: 'BRG-CLOCK-1',
      capture: 'Y',
    });
    const moved = await advance({ advanceMs: 26 * 3_600_000 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ now: new Date(START.getTime() + 26 * 3_600_000).toISOString() });
    expect(emulator.clock.now().getTime()).toBe(START.getTime() + 26 * 3_600_000);
    expect(await client.inquire(sale.retref!, MERCHID)).toMatchObject({ setlstat: 'Accepted' });
  });

  it('refuses what is not a forward move, and knows no other control', async () => {
    for (const body of [{}, { advanceMs: -1 }, { advanceMs: 1.5 }, { advanceMs: '10' }])
      expect((await advance(body)).status).toBe(400);
    expect((await clock({ method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${emulator.url}/emulator/reset`, { method: 'POST' })).status).toBe(404);
    // Not part of the gateway's API: no Basic auth, and nothing counted as a gateway call.
    expect(Object.values(emulator.calls).every((count) => count <= 1)).toBe(true);
  });
});
