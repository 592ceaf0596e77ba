import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@brigade/test-utils/ports';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { tokenizeCard } from './card-entry-page';
import { CardPointeClient } from './client';
import { startCardPointeEmulator } from './emulator';

/**
 * Issue 43: the gateway is another machine, so its memory must outlive Brigade's crashes and the emulator's own
 * restarts. With a state file the emulator keeps it on disk; `npm run emulators` runs every emulator in a
 * process of its own with that file, and a kill -9 of that process loses nothing it answered.
 */
const MERCHID = '496160873888';
const work = mkdtempSync(join(tmpdir(), 'brigade-emulator-state-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const clientOf = (restUrl: string) =>
  new CardPointeClient({ baseUrl: restUrl, username: 'testing', password: 'testing123' });

describe('the CardPointe emulator with a state file', () => {
  it('remembers authorisations, captures and tokens across a restart', async () => {
    const stateFile = join(work, 'restart.json');
    const first = await startCardPointeEmulator({ stateFile });
    const token = await tokenizeCard(first.url, '4111111111111111');
    const answer = await clientOf(first.restUrl).auth({
      merchid: MERCHID,
      account: token,
      expiry: '1230',
      amount: '12.50',
      capture: 'Y',
      orderid: 'STATE-1-X',
    });
    expect(answer.respstat).toBe('A');
    await first.close();

    const second = await startCardPointeEmulator({ stateFile });
    try {
      const client = clientOf(second.restUrl);
      const found = await client.inquire(answer.retref!, MERCHID);
      expect(found).toMatchObject({ retref: answer.retref, amount: '12.50', setlstat: 'Queued for Capture' });
      // the token from before the restart still pays
      const again = await client.auth({
        merchid: MERCHID,
        account: token,
        expiry: '1230',
        amount: '3.00',
        orderid: 'STATE-2-X',
      });
      expect(again.respstat).toBe('A');
    } finally {
      await second.close();
    }
  });
});

/** `npm run emulators` as a child process; resolves with its addresses once it printed them. */
async function emulatorsProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; cardpointe: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/emulators.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  lines.close();
  child.stdout!.resume();
  return { child, cardpointe: (JSON.parse(first) as { cardpointe: string }).cardpointe };
}

describe.runIf(inject('brigadeTemplate').engine === 'pglite')('npm run emulators', () => {
  it('keeps what the gateway answered through a kill -9 of the emulators process', async () => {
    const env = {
      EMULATORS_DIR: join(work, 'process'),
      CARDPOINTE_EMULATOR_PORT: String(await freePort()),
      GOOGLE_BUSINESS_EMULATOR_PORT: String(await freePort()),
      PLACES_EMULATOR_PORT: String(await freePort()),
      LLM_EMULATOR_PORT: String(await freePort()),
      HOSTING_EMULATOR_PORT: String(await freePort()),
    };
    const before = await emulatorsProcess(env);
    let after: Awaited<ReturnType<typeof emulatorsProcess>> | undefined;
    try {
      const answer = await clientOf(`${before.cardpointe}/cardconnect/rest`).auth({
        merchid: MERCHID,
        account: '4111111111111111',
        expiry: '1230',
        amount: '20.00',
        orderid: 'STATE-3-X',
      });
      expect(answer.respstat).toBe('A');
      before.child.kill('SIGKILL');
      await once(before.child, 'exit');

      after = await emulatorsProcess(env);
      expect(after.cardpointe).toBe(before.cardpointe); // the same fixed port
      const client = clientOf(`${after.cardpointe}/cardconnect/rest`);
      expect(await client.inquire(answer.retref!, MERCHID)).toMatchObject({
        retref: answer.retref,
        setlstat: 'Authorized',
      });
      const [byOrder] = await client.inquireByOrderid('STATE-3-X', MERCHID);
      expect(byOrder?.retref).toBe(answer.retref);
    } finally {
      before.child.kill('SIGKILL');
      after?.child.kill('SIGKILL');
    }
  }, 60_000);
});
