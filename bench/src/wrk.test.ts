import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasWrk, parseWrk, wrk, wrkDurationMs } from './wrk';

const REPORT = `Running 2s test @ http://127.0.0.1:8080/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.96ms  401.22us  12.01ms   91.13%
    Req/Sec    25.61k     1.02k   26.90k    75.00%
  Latency Distribution
     50%    1.90ms
     75%    2.01ms
     90%    2.20ms
     99%    3.50ms
  50985 requests in 2.00s, 8.12MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  25492.18
Transfer/sec:      4.06MB
`;

describe('wrk report', () => {
  it('reads requests per second, p50 and p99 in ms, and errors', () => {
    expect(parseWrk(REPORT)).toEqual({ rps: 25492.18, p50: 1.9, p99: 3.5, errors: 7 });
  });

  it('converts wrk durations', () => {
    expect(wrkDurationMs('401.22us')).toBeCloseTo(0.40122);
    expect(wrkDurationMs('1.5s')).toBe(1500);
    expect(() => wrkDurationMs('fast')).toThrow('not a wrk duration');
  });
});

describe.skipIf(!hasWrk())('wrk against a local server', () => {
  it('paces each connection when asked, and keeps it busy when not', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const busy = await wrk(url, { connections: 2, durationS: 1 });
      // 2 connections, each waiting 100 ms on average after every answer: about 2 x 10 requests a second
      const paced = await wrk(url, { connections: 2, durationS: 2, paceMs: 100 });
      expect(paced.errors).toBe(0);
      expect(paced.rps).toBeGreaterThan(10);
      expect(paced.rps).toBeLessThan(30);
      expect(busy.rps).toBeGreaterThan(20 * paced.rps);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("paces a bench's own script too, which still says what each request is", async () => {
    const paths = new Set<string>();
    const server = createServer((request, response) => {
      paths.add(request.url ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const dir = mkdtempSync(join(tmpdir(), 'brigade-wrk-test-'));
    const file = join(dir, 'paths.lua');
    writeFileSync(
      file,
      'local n\nfunction init(args)\n  n = tonumber(args[1])\nend\nfunction request()\n  n = n + 1\n  return wrk.format("GET", "/p" .. n)\nend\n',
    );
    try {
      const paced = await wrk(url, {
        ...{ connections: 2, durationS: 2, paceMs: 100 },
        script: { file, args: ['1000'] },
      });
      expect(paced.rps).toBeGreaterThan(10);
      expect(paced.rps).toBeLessThan(30);
      expect([...paths].every((path) => /^\/p1\d{3}$/.test(path))).toBe(true);
      expect(paths.size).toBeGreaterThan(10);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
