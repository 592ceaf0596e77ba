import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { type Journal, type JournalLimits, openJournal } from './journal';
import { checkPrintRequest, MESSAGES, type PrintJob } from './print-request';
import { PrinterUnreachableError, sendToPrinter } from './printer';

export interface PrintBridgeOptions {
  /** The port to listen on; 0 takes any free one. */
  port: number;
  /** The interface to listen on ('0.0.0.0'). */
  host?: string;
  /** The pairing code registers send as `Authorization: Bearer <token>`. */
  token: string;
  /** Browser origins (the register's address) allowed to call the bridge. */
  origins: string[];
  /** Where the printed-keys journal lives. */
  stateDir: string;
  /** The printer port when a print names none (9100). */
  printerPort?: number;
  /** Printers on this computer itself (loopback) may be printed to: tests and development only. */
  allowLoopback?: boolean;
  /** PEM certificate and key: serve HTTPS. */
  tls?: { cert: string; key: string };
  /** How long a printer has to connect and take the bytes (5000 ms). */
  printTimeoutMs?: number;
  /** Fastify's log level; default `LOG_LEVEL`, else info. */
  logLevel?: string;
  /** The journal's rewrite limits (tests). */
  journal?: JournalLimits;
}

export interface PrintBridge {
  url: string;
  port: number;
  close(): Promise<void>;
}

const NEEDS_TOKEN = 'The print bridge needs its pairing code';
const ORIGIN_REFUSED = 'This origin may not use the print bridge';
const BODY_LIMIT = 400_000;

/** Starts the LAN print bridge: registers POST ESC/POS bytes, it sends them once to a kitchen printer. */
export async function startPrintBridge(options: PrintBridgeOptions): Promise<PrintBridge> {
  if (options.token === '') throw new Error('The print bridge needs a pairing code (token)');
  const journal = await openJournal(options.stateDir, options.journal);
  const common = {
    bodyLimit: BODY_LIMIT,
    // one line per print (key, printer, outcome) instead of Fastify's request lines
    logController: new LogController({ disableRequestLogging: true }),
    logger: { level: options.logLevel ?? process.env.LOG_LEVEL ?? 'info' },
  };
  const app = (options.tls ? Fastify({ ...common, https: options.tls }) : Fastify(common)) as FastifyInstance;
  try {
    guard(app, options);
    routes(app, options, journal);
    const host = options.host ?? '0.0.0.0';
    await app.listen({ port: options.port, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : options.port;
    const shown = host.includes(':') ? `[${host}]` : host;
    let closing: Promise<void> | undefined;
    return {
      url: `${options.tls ? 'https' : 'http'}://${shown}:${port}`,
      port,
      close() {
        closing ??= app.close().then(() => journal.close());
        return closing;
      },
    };
  } catch (error) {
    await app.close();
    await journal.close();
    throw error;
  }
}

/** CORS for the listed origins (with Chrome's Private Network Access), then the pairing code. */
function guard(app: FastifyInstance, options: PrintBridgeOptions): void {
  const origins = new Set(options.origins);
  const expected = digest(options.token);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!origins.has(origin)) return reply.code(403).send({ message: ORIGIN_REFUSED });
      reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
    }
    if (request.method === 'OPTIONS') return preflight(request, reply);
    if (!timingSafeEqual(digest(bearer(request.headers.authorization)), expected))
      return reply.code(401).send({ message: NEEDS_TOKEN });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'No such route' }));
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: 'The request body is too large' });
    if (status === 400 || status === 415) return reply.code(400).send({ message: MESSAGES.json });
    request.log.error({ err: error }, 'print bridge error');
    return reply.code(500).send({ message: 'The print bridge failed' });
  });
}

function preflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply
    .header('Access-Control-Allow-Methods', 'GET, POST')
    .header('Access-Control-Allow-Headers', 'authorization, content-type')
    .header('Access-Control-Max-Age', '600');
  if (request.headers['access-control-request-private-network'] === 'true')
    reply.header('Access-Control-Allow-Private-Network', 'true');
  return reply.code(204).send();
}

const bearer = (header: string | undefined) => /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? '';

/** Equal-length buffers for timingSafeEqual, whatever the length of what was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function routes(app: FastifyInstance, options: PrintBridgeOptions, journal: Journal): void {
  const printOnce = oncePerKey(journal, options.printTimeoutMs ?? 5_000);
  // every OPTIONS is answered by the hook above; the route only makes Fastify accept the method
  app.options('*', async (_request, reply) => reply.code(204).send());
  app.get('/v1/status', async () => ({ bridge: 'brigade-print-bridge', version: 1, printed: journal.size }));
  app.post('/v1/print', async (request, reply) => {
    const checked = checkPrintRequest(request.body, {
      printerPort: options.printerPort ?? 9100,
      allowLoopback: options.allowLoopback,
    });
    if (!checked.ok) return reply.code(400).send({ message: checked.message });
    const { key, host, port } = checked.job;
    try {
      const first = await printOnce(checked.job);
      request.log.info({ key, host, port, outcome: first ? 'printed' : 'already printed' }, 'print');
      return { key, printed: true, first };
    } catch (error) {
      if (!(error instanceof PrinterUnreachableError)) throw error;
      request.log.warn({ key, host, port, outcome: 'printer did not answer' }, 'print');
      return reply.code(502).send({ message: error.message });
    }
  });
}

/**
 * Prints a job unless its key is in the journal; answers whether this call printed it. Two calls with one
 * key at once print once: the second waits for the first, and tries itself only if the first failed.
 */
function oncePerKey(journal: Journal, timeoutMs: number): (job: PrintJob) => Promise<boolean> {
  const inFlight = new Map<string, Promise<void>>();
  return async (job) => {
    for (;;) {
      if (journal.has(job.key)) return false;
      const pending = inFlight.get(job.key);
      if (pending) {
        const took = await pending.then(
          () => true,
          () => false,
        );
        if (took) return false;
        continue;
      }
      const attempt: Promise<void> = sendToPrinter(job.host, job.port, job.bytes, timeoutMs)
        .then(() => journal.add(job.key))
        .finally(() => {
          if (inFlight.get(job.key) === attempt) inFlight.delete(job.key);
        });
      inFlight.set(job.key, attempt);
      await attempt;
      return true;
    }
  };
}
