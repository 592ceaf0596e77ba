import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';

// The emulator on the wire, as CardConnect's Node sample SDK uses it: JSON written on GET and DELETE without
// Content-Length or chunking (emulator-wire.ts). The SDK is not on npm; these tests send its bytes.

const MERCHID = '496160873888';
const BASIC = `Basic ${Buffer.from('testing:testing123').toString('base64')}`;
let emulator: CardPointeEmulator;
let client: CardPointeClient;
let port: number;
beforeAll(async () => {
  emulator = await startCardPointeEmulator();
  client = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'testing123' });
  port = Number(new URL(emulator.url).port);
});
afterAll(async () => emulator?.close());

/** The exact bytes Node's http.request sends for the SDK's GET/DELETE: headers, then the JSON unframed. */
const sdkBytes = (method: string, path: string, body: object) =>
  `${method} /cardconnect/rest/${path} HTTP/1.1\r\nAuthorization: ${BASIC}\r\nContent-Type: application/json\r\n` +
  `Accept: application/json\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n${JSON.stringify(body)}`;

/** Sends raw bytes over TCP and reads everything until the server closes (rejects if it never does). */
function exchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the emulator kept the connection open; received: ${JSON.stringify(received)}`));
    }, 5000);
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

/** The one HTTP answer in `raw`: status, headers, JSON body. */
function answerOf(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('a GET or DELETE with an unframed JSON body (the SDK way)', () => {
  it('answers the GET, drops the stray bytes and closes the connection', async () => {
    const sale = await client.auth({ merchid: MERCHID, account: '4111111111111111', amount: '5.00' });
    const raw = await exchange(sdkBytes('GET', `inquire/${sale.retref}/${MERCHID}`, { merchid: MERCHID }));
    const answer = answerOf(raw);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ retref: sale.retref, respstat: 'A', amount: '5.00' });
    // nothing after the answer: no second (400) answer to the stray bytes
    expect(raw.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(emulator.requests.at(-1)).toMatchObject({ method: 'GET', endpoint: 'inquire' });
  });

  it('answers the DELETE of a profile the same way', async () => {
    const saved = await client.saveProfile({ merchid: MERCHID, account: '5454545454545454', expiry: '1230' });
    const path = `profile/${saved.profileid}/1/${MERCHID}`;
    const raw = await exchange(sdkBytes('DELETE', path, { profileid: saved.profileid, merchid: MERCHID }));
    const answer = answerOf(raw);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      resptext: 'Profile Deleted',
      respcode: '08',
      respproc: 'PPS',
      respstat: 'A',
    });
  });

  it('serves one call after another through a keep-alive agent, as the SDK makes them', async () => {
    const agent = new Agent({ keepAlive: true });
    const sdkGet = (path: string, body: object) =>
      new Promise<{ status: number; json: unknown }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: `/cardconnect/rest/${path}`,
            method: 'get',
            agent,
            headers: { Authorization: BASIC, 'Content-Type': 'application/json', Accept: 'application/json' },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
        req.write(JSON.stringify(body));
        req.end();
      });
    try {
      for (let call = 0; call < 5; call++) {
        const answer = await sdkGet(`inquireMerchant/${MERCHID}`, { merchid: MERCHID });
        expect(answer).toEqual({
          status: 200,
          json: expect.objectContaining({ merchid: MERCHID, enabled: true }),
        });
      }
    } finally {
      agent.destroy();
    }
  });

  it('still refuses bytes that are no request when no bodiless request came before them', async () => {
    const answer = answerOf(await exchange('{"merchid":"496160873888"}\r\n\r\n'));
    expect(answer.status).toBe(400);
  });

  it('ignores a framed body on a look-up, even one that is not JSON', async () => {
    const raw = await exchange(
      `GET /cardconnect/rest/inquireMerchant/${MERCHID} HTTP/1.1\r\nAuthorization: ${BASIC}\r\n` +
        `Host: 127.0.0.1:${port}\r\nContent-Length: 8\r\nConnection: close\r\n\r\nnot json`,
    );
    const answer = answerOf(raw);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ merchid: MERCHID, enabled: true });
  });
});
