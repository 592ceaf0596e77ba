import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TwilioClient } from './client';
import { EMULATOR_FROM, startTwilioEmulator } from './emulator';

// Issue 43 / decision 060: with a state file the Twilio emulator's texts outlive its process.

const dir = mkdtempSync(join(tmpdir(), 'twilio-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Twilio emulator with a state file', () => {
  it('finds a text it accepted again after a restart on the same file', async () => {
    const stateFile = join(dir, 'twilio.json');
    const first = await startTwilioEmulator({ stateFile });
    const clientOf = (url: string) =>
      new TwilioClient({
        baseUrl: url,
        accountSid: first.accountSid,
        authToken: first.authToken,
        from: EMULATOR_FROM,
      });
    const sent = await clientOf(first.url).send('+15551239999', 'Order #12 is waiting to be accepted');
    await first.close();

    const second = await startTwilioEmulator({ stateFile });
    try {
      expect(second.calls).toBe(1);
      expect(second.texts.map((text) => [text.sid, text.body])).toEqual([
        [sent.sid, 'Order #12 is waiting to be accepted'],
      ]);
      expect(second.texts[0]?.createdAt).toBeInstanceOf(Date);
      const answer = await fetch(
        `${second.url}/2010-04-01/Accounts/${second.accountSid}/Messages/${sent.sid}.json`,
        {
          headers: {
            authorization: `Basic ${Buffer.from(`${second.accountSid}:${second.authToken}`).toString('base64')}`,
          },
        },
      );
      expect(await answer.json()).toMatchObject({ sid: sent.sid, status: 'delivered' });
    } finally {
      await second.close();
    }
  });
});
