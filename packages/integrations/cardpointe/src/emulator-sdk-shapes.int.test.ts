import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';

// The published REST shapes as CardConnect's Node sample SDK (github CardConnect/node-cardconnect-sdk, not on
// npm) sends them and reads the answers, over real HTTP: node:http, lower-case methods, the JSON body written
// on every call (also on GET and DELETE), the answer read as text and parsed.

const MERCHID = '496160873888';
const DAY = 86_400_000;
let emulator: CardPointeEmulator;
beforeAll(async () => {
  emulator = await startCardPointeEmulator({ now: new Date('2025-04-18T15:00:00Z') });
});
afterAll(async () => emulator?.close());

/** One call the SDK's way: `method` in lower case, the JSON written whatever the method. */
function sdkCall(method: 'get' | 'put' | 'delete', path: string, body: object): Promise<unknown> {
  const { hostname, port } = new URL(emulator.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path: `/cardconnect/rest/${path}`,
        method,
        headers: {
          Authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.write(JSON.stringify(body));
    req.end();
  });
}

const authorise = (extra: Record<string, string> = {}) =>
  sdkCall('put', 'auth', {
    merchid: MERCHID,
    account: '4111111111111111',
    expiry: '1230',
    amount: '1.00',
    currency: 'USD',
    ...extra,
  }) as Promise<Record<string, string>>;

describe('capture', () => {
  it('captures with merchid and retref alone, and answers the batch the capture joined', async () => {
    const auth = await authorise();
    expect(auth.resptext).toBe('Approval');
    const capture = (await sdkCall('put', 'capture', { merchid: MERCHID, retref: auth.retref })) as Record<
      string,
      string
    >;
    expect(capture).toMatchObject({ respstat: 'A', retref: auth.retref, setlstat: 'Queued for Capture' });
    expect(capture.batchid).toMatch(/^\d+$/);
    // the batch the transaction settles in is the one the capture named
    emulator.clock.advance(DAY);
    const inquiry = (await sdkCall('get', `inquire/${auth.retref}/${MERCHID}`, {})) as Record<string, string>;
    expect(inquiry).toMatchObject({ setlstat: 'Accepted', batchid: capture.batchid });
  });

  it("answers the SDK's own capture body for a retref it does not know with Txn not found, not Invalid field", async () => {
    const answer = await sdkCall('put', 'capture', { merchid: MERCHID, retref: '110776233356' });
    expect(answer).toMatchObject({ respstat: 'C', respcode: '29', respproc: 'PPS' });
  });
});

describe('inquire', () => {
  it('shows the account as the token', async () => {
    const auth = await authorise();
    const inquiry = (await sdkCall('get', `inquire/${auth.retref}/${MERCHID}`, {
      merchid: MERCHID,
    })) as Record<string, string>;
    expect(inquiry.account).toBe(auth.token);
    expect(inquiry.account).toMatch(/^941\d{9}1111$/);
  });
});

describe('profiles', () => {
  it("stores the SDK's profile: a CardSecure token the emulator never issued, a name, no expiry", async () => {
    const token = '9418594164541111'; // the SDK's sample token (Luhn-valid, as real tokens can be)
    const saved = (await sdkCall('put', 'profile', {
      merchid: MERCHID,
      account: token,
      name: 'Test User',
    })) as Record<string, string>;
    expect(saved).toMatchObject({
      resptext: 'Profile Saved',
      respcode: '09',
      respstat: 'A',
      token,
      acctid: '1',
    });
    expect(saved.profileid).toMatch(/^\d{20}$/);
    // Get as the SDK asks for it: profile/<id>//<merchid>, a list
    const got = (await sdkCall('get', `profile/${saved.profileid}//${MERCHID}`, {
      merchid: MERCHID,
      profileid: saved.profileid,
    })) as Record<string, string>[];
    expect(got[0]).toMatchObject({ profileid: saved.profileid, name: 'Test User', token });
    const deleted = await sdkCall('delete', `profile/${saved.profileid}/1/${MERCHID}`, {});
    expect(deleted).toMatchObject({ resptext: 'Profile Deleted', respcode: '08' });
  });

  it('still refuses an account that is neither a card nor a well-formed token (PPS 11)', async () => {
    const answer = await sdkCall('put', 'profile', {
      merchid: MERCHID,
      account: '94185941',
      name: 'Test User',
    });
    expect(answer).toMatchObject({ respstat: 'C', respcode: '11' });
  });
});

describe('signature capture', () => {
  it("answers the gateway's 'signature stored'", async () => {
    const auth = await authorise();
    const answer = await sdkCall('put', 'sigcap', {
      merchid: MERCHID,
      retref: auth.retref,
      signature: 'H4sIAAAA',
    });
    expect(answer).toMatchObject({ resptext: 'signature stored', retref: auth.retref, merchid: MERCHID });
  });
});

describe('settlement status', () => {
  it('answers a list of batches by date and by batch id alike', async () => {
    await authorise({ capture: 'Y' });
    emulator.clock.advance(DAY);
    const today = emulator.clock.now().toISOString().slice(5, 10).replace('-', '');
    const byDate = (await sdkCall('get', `settlestat?merchid=${MERCHID}&date=${today}`, {})) as {
      batchid: string;
    }[];
    expect(Array.isArray(byDate)).toBe(true);
    expect(byDate.length).toBeGreaterThan(0);
    const byId = await sdkCall('get', `settlestat?merchid=${MERCHID}&batchid=${byDate[0]!.batchid}`, {});
    expect(byId).toEqual([expect.objectContaining({ batchid: byDate[0]!.batchid, hoststat: 'GB' })]);
    expect(await sdkCall('get', `settlestat?merchid=${MERCHID}&batchid=999999999`, {})).toEqual([]);
  });

  it("Brigade's client reads one batch, a list of batches, or 'Null batches'", async () => {
    const batch = {
      batchid: '1900942291',
      hoststat: 'GB',
      merchid: MERCHID,
      txns: [{ retref: '1', setlstat: 'Y' }],
    };
    const answers: unknown[] = [batch, [batch], 'Null batches'];
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const answer = answers.shift();
      res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const raw = new CardPointeClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cardconnect/rest`,
      username: 'u',
      password: 'p',
    });
    try {
      for (let call = 0; call < 2; call++)
        expect(await raw.settlestat({ merchid: MERCHID, batchid: '1900942291' })).toEqual([
          expect.objectContaining({
            batchid: '1900942291',
            txns: [expect.objectContaining({ setlstat: 'Y' })],
          }),
        ]);
      // a day without batches, answered in plain text as public clients report
      expect(await raw.settlestat({ merchid: MERCHID, date: '0101' })).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
