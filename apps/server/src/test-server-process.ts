import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A real server process for tests that kill it (kill -9) and start it again on the same data. */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The server as `npm start` runs it (node with the tsx loader: one process, so SIGKILL reaches it). */
export class ServerProcess {
  private child: ChildProcess | null = null;
  output = '';
  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk) => {
      this.output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      this.output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start-up banner in 45 s:\n${this.output}`)),
        45_000,
      );
      const onData = () => {
        if (!this.output.includes('/api/v1/openapi.json')) return;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${this.output}`));
      });
    });
  }

  kill(): Promise<void> {
    return this.stop('SIGKILL');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  /** Whether the log shows the request arriving, and finishing. */
  progressOf(requestId: string) {
    const lines = this.output.split('\n').filter((line) => line.includes(`"reqId":"${requestId}"`));
    return {
      arrived: lines.some((line) => line.includes('incoming request')),
      completed: lines.some((line) => line.includes('request completed')),
    };
  }
}

/** Sends a request; `onSent` runs once the whole body has been handed to the socket. */
export function send(base: string, req: Request, onSent: () => void = () => {}) {
  return new Promise<{ status: number; body: string } | null>((resolve) => {
    const outgoing = httpRequest(
      `${base}${req.path}`,
      { method: req.method, headers: { ...req.headers, 'content-length': String(req.body.length) } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', () => resolve(null));
        response.on('close', () => resolve(null)); // no-op after 'end'
      },
    );
    outgoing.on('error', () => resolve(null)); // the server died before answering
    outgoing.end(req.body, onSent);
  });
}
