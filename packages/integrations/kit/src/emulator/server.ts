import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Answer, json, send } from './answers';
import { jsonObject, readText } from './body';
import type { EmulatorClock } from './clock';
import { CLOCK_PATH, clockControl, FAULTS_PATH, faultControl } from './controls';
import { type Fault, FaultPlan } from './faults';
import { tolerateStrayBytes } from './wire';

/**
 * The one HTTP server of every emulator (decision 060): it reads the body however it is framed (wire.ts),
 * answers the shared controls (controls.ts: the clock, planned faults), meets planned faults, hands the
 * request to the emulator's handler and sends what it returns (answers.ts), writes the emulator's state
 * before each answer leaves (so a kill right after an answer never loses what it said), and on close cuts
 * the connections it holds open.
 */

export interface EmulatorRequest {
  method: string;
  url: URL;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** One header's value (the first, when repeated). */
  header(name: string): string | undefined;
  /** The body as text ('' when none); undefined when longer than `maxBodyBytes`. */
  text: string | undefined;
  remoteAddress: string;
}

export interface Exchange {
  res: ServerResponse;
  /** Keeps the response open without an answer (until the client gives up or the server closes). */
  hold(): void;
  /** Cuts the connection without an answer. */
  drop(): void;
}

/** An answer to send; undefined when the handler held, dropped or wrote the response itself. */
export type Handler = (
  request: EmulatorRequest,
  exchange: Exchange,
) => Promise<Answer | undefined> | Answer | undefined;

export interface EmulatorServerOptions {
  /** For the error log, e.g. `Places emulator`. */
  name: string;
  port?: number | undefined;
  handle: Handler;
  /** Writes the emulator's state (a StateStore's save): before each answer leaves, and after each request. */
  persist?: (() => void) | undefined;
  /** The emulator's clock, moved by `POST /emulator/clock`. */
  clock?: EmulatorClock | undefined;
  maxBodyBytes?: number | undefined;
  /** What an exception in the handler answers (the service's own 500 shape). */
  internalError?: (() => Answer) | undefined;
  /** Called at close, before the connections are cut (e.g. ends pending terminal sessions). */
  onClose?: (() => void) | undefined;
}

export interface EmulatorServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Faults met by every request before its handler (also `POST /emulator/faults`). */
  faults: FaultPlan<EmulatorRequest>;
  close(): Promise<void>;
}

/**
 * What a request that meets `fault` gets: the fault's answer, or — after a delay, or for a lost answer —
 * what `carryOut` answers; undefined when there is nothing to send (held, dropped, lost).
 */
export async function meetFault(
  fault: Fault,
  exchange: Exchange,
  carryOut: () => Promise<Answer | undefined> | Answer | undefined,
): Promise<Answer | undefined> {
  if (fault.kind === 'answer') return fault.answer;
  if (fault.kind === 'delay') {
    await sleep(fault.ms);
    return carryOut();
  }
  if (fault.kind === 'lose') await carryOut();
  if (fault.kind === 'drop') exchange.drop();
  else exchange.hold();
  return undefined;
}

const headerOf = (headers: IncomingHttpHeaders) => (name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** Writes the state just before the answer's bytes go out. */
function persistBeforeEnd(res: ServerResponse, persist: () => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    persist();
    return end(...args);
  }) as typeof res.end;
}

export async function startEmulatorServer(options: EmulatorServerOptions): Promise<EmulatorServer> {
  const faults = new FaultPlan<EmulatorRequest>();
  const held = new Set<ServerResponse>();
  const internalError = options.internalError ?? (() => json(500, { error: 'Internal Server Error' }));

  const respond = async (request: EmulatorRequest, exchange: Exchange): Promise<Answer | undefined> => {
    const body = () => jsonObject(request.text ?? '');
    if (request.path === CLOCK_PATH && options.clock)
      return clockControl(options.clock, request.method, body());
    if (request.path === FAULTS_PATH) return faultControl(faults, request.method, body());
    const fault = faults.take(request);
    const carryOut = () => options.handle(request, exchange);
    return fault ? meetFault(fault, exchange, carryOut) : carryOut();
  };

  const server = createServer((req, res) => {
    if (options.persist) persistBeforeEnd(res, options.persist);
    const exchange: Exchange = {
      res,
      hold: () => {
        held.add(res);
        res.on('close', () => held.delete(res));
      },
      drop: () => {
        res.socket?.destroy();
      },
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://emulator');
      const request: EmulatorRequest = {
        method: req.method ?? 'GET',
        url,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        header: headerOf(req.headers),
        text: await readText(req, options.maxBodyBytes),
        remoteAddress: req.socket.remoteAddress ?? '',
      };
      const answer = await respond(request, exchange);
      if (answer) send(res, answer);
    })()
      .catch((error) => {
        process.stderr.write(`${options.name}: ${String(error?.stack ?? error)}\n`);
        if (!res.headersSent) send(res, internalError());
        else res.destroy();
      })
      .finally(() => options.persist?.());
  });
  tolerateStrayBytes(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        options.onClose?.();
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
