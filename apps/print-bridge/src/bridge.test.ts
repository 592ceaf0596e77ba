import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type PrintBridge, type PrintBridgeOptions, startPrintBridge } from './bridge';
import { type FakePrinter, fakePrinter } from './test-printer';

const TOKEN = 'test-pairing-code-0123456789';
const REGISTER = 'https://brigade.example.com';
const TICKET = Buffer.from('\x1b@KITCHEN\nTable 4\n2 x Burger\n\x1dV\x00', 'latin1');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function printer(): Promise<FakePrinter> {
  const started = await fakePrinter();
  cleanups.push(() => started.stop());
  return started;
}

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'print-bridge-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function bridge(options: Partial<PrintBridgeOptions> = {}): Promise<PrintBridge> {
  const started = await startPrintBridge({
    port: 0,
    host: '127.0.0.1',
    token: TOKEN,
    origins: [REGISTER],
    stateDir: options.stateDir ?? stateDir(),
    logLevel: 'silent',
    printTimeoutMs: 2_000,
    // the tests' printers listen on this machine
    allowLoopback: true,
    ...options,
  });
  cleanups.push(() => started.close());
  return started;
}

const auth = { authorization: `Bearer ${TOKEN}` };

async function print(url: string, body: Record<string, unknown>, headers: Record<string, string> = auth) {
  const response = await fetch(`${url}/v1/print`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const ticket = (key: string, port: number, bytes = TICKET) => ({
  key,
  host: '127.0.0.1',
  port,
  bytes: bytes.toString('base64'),
});

describe('print bridge', () => {
  it('answers its status with the pairing code, and 401 without it or with a wrong one', async () => {
    const { url } = await bridge();
    const ok = await fetch(`${url}/v1/status`, { headers: auth });
    expect([ok.status, await ok.json()]).toEqual([
      200,
      { bridge: 'brigade-print-bridge', version: 1, printed: 0 },
    ]);
    const wrong: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }];
    for (const headers of wrong) {
      const refused = await fetch(`${url}/v1/status`, { headers });
      expect([refused.status, await refused.json()]).toEqual([
        401,
        { message: 'The print bridge needs its pairing code' },
      ]);
    }
    expect((await print(url, ticket('k1', 9100), {})).status).toBe(401);
  });

  it('sends the bytes to the printer once per key', async () => {
    const kitchen = await printer();
    const { url } = await bridge({ printerPort: kitchen.port });
    expect(await print(url, ticket('order-1:kitchen', kitchen.port))).toEqual({
      status: 200,
      body: { key: 'order-1:kitchen', printed: true, first: true },
    });
    expect(kitchen.jobs).toEqual([TICKET]);
    expect(await print(url, ticket('order-1:kitchen', kitchen.port))).toEqual({
      status: 200,
      body: { key: 'order-1:kitchen', printed: true, first: false },
    });
    expect(kitchen.jobs).toHaveLength(1);
    const status = await (await fetch(`${url}/v1/status`, { headers: auth })).json();
    expect(status).toMatchObject({ printed: 1 });
  });

  it('prints two requests with the same key at once over one connection', async () => {
    const kitchen = await printer();
    const { url } = await bridge({ printerPort: kitchen.port });
    const answers = await Promise.all([
      print(url, ticket('same', kitchen.port)),
      print(url, ticket('same', kitchen.port)),
      print(url, ticket('other', kitchen.port)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.slice(0, 2).map((answer) => answer.body.first)).toEqual([true, false]);
    expect(answers[2]!.body.first).toBe(true);
    expect(kitchen.jobs).toEqual([TICKET, TICKET]);
  });

  it('refuses printers outside the restaurant network and bad prints, naming what is wrong', async () => {
    const { url } = await bridge();
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...ticket('k', 9100), host: '8.8.8.8' },
        "The printer's address must be on the restaurant's network (a private address)",
      ],
      [
        { ...ticket('k', 9100), host: '::ffff:8.8.8.8' },
        "The printer's address must be on the restaurant's network (a private address)",
      ],
      [{ ...ticket('k', 9100), host: 'printer.local' }, "The printer's address must be an IP address"],
      [
        { ...ticket('k', 9100), key: 'a b' },
        "A print needs a key of 1 to 200 letters, digits, ':', '_', '.' or '-'",
      ],
      [
        { ...ticket('k', 9100), key: 'k'.repeat(201) },
        "A print needs a key of 1 to 200 letters, digits, ':', '_', '.' or '-'",
      ],
      // the printers' port only: not another service of a machine on the network
      [{ ...ticket('k', 9100), port: 6379 }, "The printer's port must be the printers' port"],
      [{ ...ticket('k', 9100), port: 70_000 }, "The printer's port must be the printers' port"],
      [{ ...ticket('k', 9100), port: '9100' }, "The printer's port must be the printers' port"],
      [{ ...ticket('k', 9100), bytes: 'not base64!' }, 'Give the bytes to print (base64, at most 256 KiB)'],
      [{ ...ticket('k', 9100), bytes: '' }, 'Give the bytes to print (base64, at most 256 KiB)'],
      [{ ...ticket('k', 9100), bytes: undefined }, 'Give the bytes to print (base64, at most 256 KiB)'],
      [ticket('k', 9100, Buffer.alloc(262_145, 1)), 'Give the bytes to print (base64, at most 256 KiB)'],
    ];
    for (const [body, message] of cases)
      expect(await print(url, body)).toEqual({ status: 400, body: { message } });
    const notJson: [string, string][] = [
      ['application/json', '{"key":'],
      ['application/json', '[1]'],
      ['text/plain', 'hello'],
    ];
    for (const [type, body] of notJson) {
      const headers = { ...auth, 'content-type': type };
      const answer = await fetch(`${url}/v1/print`, { method: 'POST', headers, body });
      expect([answer.status, await answer.json()]).toEqual([
        400,
        { message: 'The request body must be JSON' },
      ]);
    }
  });

  it('answers 502 when the printer does not answer, and prints on a retry once it is back', async () => {
    const kitchen = await printer();
    await kitchen.stop();
    const { url } = await bridge({ printerPort: kitchen.port });
    expect(await print(url, ticket('retry-me', kitchen.port))).toEqual({
      status: 502,
      body: { message: `The printer at 127.0.0.1:${kitchen.port} did not answer` },
    });
    await kitchen.start();
    expect(await print(url, ticket('retry-me', kitchen.port))).toMatchObject({
      status: 200,
      body: { first: true },
    });
    expect(kitchen.jobs).toEqual([TICKET]);
  });

  it('refuses this computer as a printer unless told to allow it (tests)', async () => {
    const { url } = await bridge({ allowLoopback: false });
    for (const host of ['127.0.0.1', '127.1.2.3', '::1'])
      expect(await print(url, { ...ticket('k', 9100), host })).toEqual({
        status: 400,
        body: { message: "The printer's address must be a printer on the network, not this computer" },
      });
  });

  it('answers 502 for a printer that takes the connection and never answers: the ticket is not taken for printed', async () => {
    // accepts and never reads or closes: the bytes may sit in the system's buffers, not on paper
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    cleanups.push(() => {
      for (const socket of held) socket.destroy();
      return new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const port = (silent.address() as { port: number }).port;
    const { url } = await bridge({ printerPort: port, printTimeoutMs: 500 });
    expect(await print(url, ticket('silent', port))).toMatchObject({ status: 502 });
    // not journaled: asked again, it tries again
    expect(await print(url, ticket('silent', port))).toMatchObject({ status: 502 });
    const status = await fetch(`${url}/v1/status`, { headers: auth });
    expect(((await status.json()) as { printed: number }).printed).toBe(0);
  });

  it('answers the register origin with CORS and Private Network Access, and refuses other origins', async () => {
    const { url } = await bridge();
    const preflight = await fetch(`${url}/v1/print`, {
      method: 'OPTIONS',
      headers: {
        origin: REGISTER,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
        'access-control-request-private-network': 'true',
      },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': REGISTER,
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-private-network': 'true',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    const status = await fetch(`${url}/v1/status`, { headers: { ...auth, origin: REGISTER } });
    expect([status.status, status.headers.get('access-control-allow-origin')]).toEqual([200, REGISTER]);
    for (const method of ['OPTIONS', 'GET']) {
      const refused = await fetch(`${url}/v1/status`, {
        method,
        headers: { ...auth, origin: 'https://evil.example' },
      });
      expect([refused.status, await refused.json()]).toEqual([
        403,
        { message: 'This origin may not use the print bridge' },
      ]);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('remembers printed keys across a restart on the same state directory', async () => {
    const kitchen = await printer();
    const dir = stateDir();
    const before = await bridge({ stateDir: dir, printerPort: kitchen.port });
    expect((await print(before.url, ticket('kept', kitchen.port))).body.first).toBe(true);
    await before.close();
    const after = await bridge({ stateDir: dir, printerPort: kitchen.port });
    expect(await print(after.url, ticket('kept', kitchen.port))).toMatchObject({
      status: 200,
      body: { first: false },
    });
    expect(kitchen.jobs).toHaveLength(1);
  });
});
