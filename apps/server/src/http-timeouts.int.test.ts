import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenExtraPort } from './http-server';
import { useTestApp } from './test-app';

/**
 * Slow clients are cut (issue 14, decision 017): a request head or body trickled a byte at a time, a
 * connection that never sends anything, and an idle keep-alive connection are closed within the configured
 * limits, on the main port and on an extra app port alike. Raw sockets (node:net), short limits.
 */

const HEADERS_MS = 600;
const REQUEST_MS = 1_200;
const KEEP_ALIVE_MS = 500;
const CHECK_MS = 100;
// Scheduling slack on a busy machine (2 shared cores): the limit, one check interval, and this.
const SLACK_MS = 700;

const IDLE_MS = 4_000;
// Node keeps an idle keep-alive socket this much longer than the Keep-Alive header it advertises.
const NODE_KEEP_ALIVE_BUFFER_MS = 1_000;
const LIMITS = {
  headersTimeoutMs: HEADERS_MS,
  requestTimeoutMs: REQUEST_MS,
  keepAliveTimeoutMs: KEEP_ALIVE_MS,
  idleTimeoutMs: IDLE_MS,
  timeoutCheckIntervalMs: CHECK_MS,
};

const t = useTestApp({
  env: {
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
    HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS),
    HTTP_TIMEOUT_CHECK_INTERVAL_MS: String(CHECK_MS),
  },
});

let extra: Server;
let mainPort = 0;
let extraPort = 0;
beforeAll(async () => {
  mainPort = Number(new URL(t.baseUrl).port);
  extra = await listenExtraPort(t.app.routing, 0, '127.0.0.1', LIMITS);
  const address = extra.address();
  extraPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => extra?.close(resolve));
});

interface Outcome {
  /** From the first byte sent (or the connection) to the server closing the connection. */
  closedAfterMs: number;
  /** Everything the server sent. */
  received: string;
}

/**
 * Opens a raw connection, sends `first` at once and then `trickle` one character every `everyMs`, until the
 * server closes the connection (or `giveUpMs` passes: the outcome then says so with a long time).
 */
function slowClient(
  port: number,
  options: { first?: string; trickle?: string; everyMs?: number; giveUpMs?: number },
): Promise<Outcome> {
  const { first = '', trickle = '', everyMs = 100, giveUpMs = 8_000 } = options;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let started = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // the server may reset the connection while we are still writing: that is a close too
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: performance.now() - started, received });
    });
    socket.on('connect', () => {
      started = performance.now();
      if (first) socket.write(first);
      let at = 0;
      timer = setInterval(() => {
        if (at < trickle.length && !socket.destroyed) socket.write(trickle[at++]!);
      }, everyMs);
    });
  });
}

// 40 header lines of 20 characters: 8 s of trickling at one character per 10 ms, far past every limit
const LONG_HEADERS = Array.from(
  { length: 40 },
  (_, i) => `x-slow-${String(i).padStart(2, '0')}: aaaaaaaaa\r\n`,
).join('');

describe.each([
  ['the main port', () => mainPort],
  ['an extra app port', () => extraPort],
])('on %s', (_label, port) => {
  it('answers a request head trickled a byte at a time with 408 and closes it within the headers limit', async () => {
    const outcome = await slowClient(port(), {
      first: 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      trickle: `${LONG_HEADERS}\r\n`,
      everyMs: 10,
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_MS + CHECK_MS + SLACK_MS);
  });

  it('answers a request body trickled a byte at a time with 408 and closes it within the request limit', async () => {
    const body = JSON.stringify({ email: 'slow@brigade.local', password: 'x'.repeat(200) });
    const outcome = await slowClient(port(), {
      first:
        'POST /api/v1/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
      trickle: body,
      everyMs: 20,
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_MS + CHECK_MS + SLACK_MS);
  });

  it('closes a connection that never sends a byte within the headers limit', async () => {
    const outcome = await slowClient(port(), {});
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_MS + CHECK_MS + SLACK_MS);
  });

  it('closes an idle keep-alive connection after the keep-alive limit, having answered its request', async () => {
    const outcome = await slowClient(port(), {
      first: 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
    expect(outcome.closedAfterMs).toBeLessThan(KEEP_ALIVE_MS + NODE_KEEP_ALIVE_BUFFER_MS + SLACK_MS);
  });

  it('still serves a request that arrives at a normal pace', async () => {
    const response = await fetch(`http://127.0.0.1:${port()}/healthz`);
    expect(response.status).toBe(200);
  });
});

describe('closing', () => {
  it('closes at once while a connection has sent nothing yet (a preconnect), dropping it', async () => {
    const limits = { ...LIMITS, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000, idleTimeoutMs: 60_000 };
    const server = await listenExtraPort(t.app.routing, 0, '127.0.0.1', limits);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const accepted = new Promise((resolve) => server.once('connection', resolve));
    const outcome = slowClient(port, { giveUpMs: 30_000 });
    await accepted;
    const closed = new Promise<string>((resolve) => server.close(() => resolve('closed')));
    const limit = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000).unref());
    expect(await Promise.race([closed, limit])).toBe('closed');
    expect((await outcome).received).toBe('');
  });
});
