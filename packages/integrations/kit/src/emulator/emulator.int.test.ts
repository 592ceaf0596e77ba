import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empty, events, html, json } from './answers';
import { jsonObject } from './body';
import { heldClock } from './clock';
import { Router } from './router';
import { type EmulatorServer, startEmulatorServer } from './server';
import { openState } from './state-file';

// The emulator harness over real HTTP: routing, the four kinds of answer, bodies however framed, planned
// faults over HTTP, the clock control, and state kept in a file across a restart.

interface Memory {
  notes: Map<string, string>;
  clock: { now: number };
}

const dir = mkdtempSync(join(tmpdir(), 'emulator-harness-'));
const file = join(dir, 'state.json');
let emulator: EmulatorServer;
let store: ReturnType<typeof openState<Memory>>;

async function start() {
  store = openState<Memory>(file, () => ({ notes: new Map(), clock: { now: Date.UTC(2026, 0, 1) } }));
  const router = new Router<(params: Record<string, string>, text: string) => ReturnType<typeof json>>()
    .on('GET', '/notes/:id', ({ id = '' }) => {
      const note = store.state.notes.get(id);
      return note === undefined ? json(404, { error: 'no such note' }) : json(200, { id, note });
    })
    .on('PUT', '/notes/:id', ({ id = '' }, text) => {
      const body = jsonObject(text);
      if (!body || typeof body.note !== 'string') return json(400, { error: 'note must be text' });
      store.state.notes.set(id, body.note);
      return empty(204);
    })
    .on('GET', '/page', () => html(200, '<p>hello</p>'))
    .on('GET', '/stream', () => events([{ n: 1 }, { n: 2 }], '[DONE]'))
    .on('GET', '/echo', (_params, text) => json(200, { text }))
    .on('GET', /^\/boom$/, () => {
      throw new Error('the handler broke');
    });
  emulator = await startEmulatorServer({
    name: 'test emulator',
    persist: store.save,
    clock: heldClock(store.state.clock),
    handle: (request) => {
      const found = router.find(request.method, request.path);
      if (!found.handler)
        return found.allowed.length > 0
          ? json(405, {}, { allow: found.allowed.join(', ') })
          : json(404, { error: 'not found' });
      return found.handler(found.params, request.text ?? '');
    },
  });
}

/** A raw request, as a sloppy SDK writes it: a GET whose JSON body has neither length nor chunking. */
function rawGet(path: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(emulator.port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\r\n${body}`),
    );
    let got = '';
    socket.on('data', (chunk) => {
      got += chunk;
    });
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

beforeAll(start);
afterAll(() => emulator.close());

describe('the emulator harness', () => {
  it('routes by method and pattern, and answers JSON, HTML, events and empty bodies', async () => {
    expect(
      (await fetch(`${emulator.url}/notes/a%20b`, { method: 'PUT', body: '{"note":"hi"}' })).status,
    ).toBe(204);
    const note = await fetch(`${emulator.url}/notes/a%20b`);
    expect(note.headers.get('content-type')).toContain('application/json');
    expect(await note.json()).toEqual({ id: 'a b', note: 'hi' });
    expect((await fetch(`${emulator.url}/notes/a%20b`, { method: 'POST' })).headers.get('allow')).toBe(
      'GET, PUT',
    );
    expect((await fetch(`${emulator.url}/notes`)).status).toBe(404);
    const page = await fetch(`${emulator.url}/page`);
    expect([page.headers.get('content-type'), await page.text()]).toEqual([
      'text/html; charset=utf-8',
      '<p>hello</p>',
    ]);
    const stream = await fetch(`${emulator.url}/stream`);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.text()).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: [DONE]\n\n');
  });

  it('answers a GET whose body has no framing, then closes (no stray 400 for the next request)', async () => {
    const got = await rawGet('/echo', '{"merchid":"1"}');
    expect(got).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(got).toContain('{"text":""}');
    expect(got).not.toContain('400 Bad Request');
  });

  it('answers an exception in a handler with a 500, and keeps serving', async () => {
    expect((await fetch(`${emulator.url}/boom`)).status).toBe(500);
    expect((await fetch(`${emulator.url}/page`)).status).toBe(200);
  });

  it('meets faults planned over HTTP: a status for the next calls, a delay, a dropped connection', async () => {
    const plan = (body: object) =>
      fetch(`${emulator.url}/emulator/faults`, { method: 'POST', body: JSON.stringify(body) });
    expect((await plan({ status: 99 })).status).toBe(400);
    expect(
      (await plan({ path: '/page', status: 429, headers: { 'retry-after': '3' }, times: 2 })).status,
    ).toBe(200);
    for (const _ of [1, 2]) {
      const limited = await fetch(`${emulator.url}/page`);
      expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
    }
    expect((await fetch(`${emulator.url}/page`)).status).toBe(200);
    await plan({ method: 'get', path: '/page', delayMs: 300 });
    const started = Date.now();
    expect((await fetch(`${emulator.url}/page`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await plan({ path: '/page', drop: true });
    await expect(fetch(`${emulator.url}/page`)).rejects.toThrow();
    await plan({ path: '/page', hang: true });
    await expect(fetch(`${emulator.url}/page`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await plan({ path: '/nothing', status: 500 });
    expect((await fetch(`${emulator.url}/emulator/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${emulator.url}/nothing`)).status).toBe(404);
  });

  it('moves its clock over HTTP, within bounds', async () => {
    const before = (await (await fetch(`${emulator.url}/emulator/clock`)).json()) as { now: string };
    expect(before.now).toBe('2026-01-01T00:00:00.000Z');
    const bad = await fetch(`${emulator.url}/emulator/clock`, { method: 'POST', body: '{"advanceMs":-1}' });
    expect(bad.status).toBe(400);
    const moved = await fetch(`${emulator.url}/emulator/clock`, {
      method: 'POST',
      body: '{"advanceMs":60000}',
    });
    expect(await moved.json()).toEqual({ now: '2026-01-01T00:01:00.000Z' });
  });

  it('keeps its state in its file, written before the answer leaves, and finds it after a restart', async () => {
    await fetch(`${emulator.url}/notes/kept`, { method: 'PUT', body: '{"note":"still here"}' });
    expect(readFileSync(file, 'utf8')).toContain('still here');
    await emulator.close();
    await start();
    expect(await (await fetch(`${emulator.url}/notes/kept`)).json()).toEqual({
      id: 'kept',
      note: 'still here',
    });
    expect(store.state.notes).toBeInstanceOf(Map);
    expect(((await (await fetch(`${emulator.url}/emulator/clock`)).json()) as { now: string }).now).toBe(
      '2026-01-01T00:01:00.000Z',
    );
  });

  it('fails to start, rather than crash, on a port already taken', async () => {
    await expect(
      startEmulatorServer({ name: 'second', port: emulator.port, handle: () => empty(204) }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
