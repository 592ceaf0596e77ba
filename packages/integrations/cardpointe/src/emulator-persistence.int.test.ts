import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CardPointeClient } from './client';

/**
 * Issue 43: the gateway is another machine, so its memory must outlive Brigade's crashes and the emulator's own
 * restarts. With a state file the emulator keeps it on disk; `npm run emulators` runs every emulator in a
 * process of its own with that file, and a kill -9 of that process loses nothing it answered.
 */
const MERCHID = '496160873888';
const work = mkdtempSync(join(tmpdir(), 'brigade-emulator-state-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A port nothing listens on now (the emulators process needs fixed ones). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const clientOf = (restUrl: string) =>
  new CardPointeClient({ baseUrl: restUrl, username: 'testing', password: 'testing123' });

/** `npm run emulators` as a child process; resolves with its addresses once it printed them. */
async function emulatorsProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; cardpointe: string; urls: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/emulators.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  lines.close();
  child.stdout!.resume();
  const urls = JSON.parse(first) as Record<string, string> & { cardpointe: string };
  return { child, cardpointe: urls.cardpointe, urls };
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
      TWILIO_EMULATOR_PORT: String(await freePort()),
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
      // every emulator of the process keeps its memory in a file of its own in EMULATORS_DIR (decision 060)
      for (const url of Object.values(before.urls))
        expect((await fetch(`${new URL(url).origin}/emulator/faults`, { method: 'DELETE' })).status).toBe(
          200,
        );
      // a save writes a temporary file and renames it: wait until the last of them is in place
      await expect
        .poll(() => readdirSync(env.EMULATORS_DIR).sort(), { timeout: 10_000 })
        .toEqual([
          'cardpointe.json',
          'google-business.json',
          'hosting.json',
          'llm.json',
          'places.json',
          'twilio.json',
        ]);
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
