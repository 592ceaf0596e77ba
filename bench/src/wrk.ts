import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What every throughput table prints. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per request answered (µs), when the bench asked for it (`serverPid`). */
  cpuUsPerRequest?: number;
}

let available: boolean | undefined;
/** Whether wrk (the Debian package) is installed. */
export function hasWrk(): boolean {
  available ??= !spawnSync('wrk', ['-v']).error;
  return available;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** "1.23ms" → 1.23 (milliseconds). */
export function wrkDurationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`not a wrk duration: ${text}`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** The figures of wrk's `--latency` report. */
export function parseWrk(output: string): LoadFigures {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = /^\s+50%\s+(\S+)/m.exec(output);
  const p99 = /^\s+99%\s+(\S+)/m.exec(output);
  if (!rps || !p50 || !p99) throw new Error(`unexpected wrk output:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Number(rps[1]),
    p50: wrkDurationMs(p50[1]!),
    p99: wrkDurationMs(p99[1]!),
    errors: non2xx + socketErrors,
  };
}

/** What a load run is: how many connections, for how long, with which request headers, at what pace. */
export interface LoadOptions {
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
  /**
   * Each connection waits this long on average (ms) after an answer before it sends its next request: a random
   * wait between 0 and twice the pace, so that the connections do not fall into step and arrive in bursts (a
   * fixed wait lines all 50 up behind each other, and the last of each burst waits for the other 49).
   * Unpaced, wrk keeps every connection busy and the server saturated, and latency is mostly time spent
   * queued (with 50 connections the mean is 50 / throughput: 2 ms at 25,000 req/s). Paced below the server's
   * capacity, latency is the server's own time and its stalls: what a visitor sees when it is not overloaded.
   */
  paceMs?: number;
  /**
   * A wrk script of the bench's own (what each request is), and the arguments it is given. With paceMs it gets
   * the pacing `delay()` added (it must not have one of its own).
   */
  script?: { file: string; args: string[] };
}

let scripts: string | undefined;
/**
 * A wrk script whose `delay()` makes each connection wait `paceMs` on average between its requests, after
 * what `base` (a script of the bench's own) says each request is (wrk takes one script).
 */
export function pacedScript(paceMs: number, base?: string): string {
  scripts ??= mkdtempSync(join(tmpdir(), 'brigade-wrk-'));
  const own = base ? `${readFileSync(base, 'utf8')}\n` : '';
  const file = join(
    scripts,
    `paced-${paceMs}-${createHash('sha1').update(own).digest('hex').slice(0, 12)}.lua`,
  );
  writeFileSync(file, `${own}function delay()\n  return math.random(0, ${2 * paceMs})\nend\n`);
  return file;
}

/**
 * wrk (a C load generator: the client is never the bottleneck, even on large bodies) for a fixed time, one
 * thread, `--latency` for percentiles.
 */
export function wrk(url: string, options: LoadOptions): Promise<LoadFigures> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationS}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  const script =
    options.paceMs !== undefined ? pacedScript(options.paceMs, options.script?.file) : options.script?.file;
  if (script) args.push('-s', script);
  args.push(url);
  if (options.script) args.push('--', ...options.script.args);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}:\n${output}`));
      else {
        try {
          resolve(parseWrk(output));
        } catch (error) {
          reject(error);
        }
      }
    });
  });
}
