import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { requestIdOf } from '../http-server';
import { REQUEST_ID_LOG_KEY } from '../logger';

/**
 * What the answers written in front of Fastify share (issue 20, decision 034): the public sites' stored
 * pages (site.ts) and the API's hot reads (api-front-door.ts). Such an answer is written straight to the
 * socket; this module gives it the request id and, at `info`, the one access line Fastify would have
 * written (its two lines in one). At `debug` and `trace`, where Fastify says more of each request, every
 * request stays Fastify's.
 */

/**
 * Fastify's global request hooks, and how the front doors give their answers the same effect (decision 034):
 * Fastify's hooks do not run for a request a front door takes. `global-hooks.int.test.ts` counts the hooks
 * Fastify has; adding or removing one fails it until this list says how the front doors follow.
 */
export const GLOBAL_HOOKS_MIRRORED = {
  onRequest: [
    'x-request-id: written by `write` below from the same request id',
    'site (public pages by Host): site.ts stores pages with the headers the hook sent, and answers only those',
    "security headers: each stored answer keeps the headers of Fastify's first answer (site.ts, api-front-door.ts)",
    'cookies: api-front-door.ts reads the session cookie itself',
    'identity (the session): api-front-door.ts checks the session from the shared session cache',
    'access: api-front-door.ts answers only what the access rule allows the cached actor',
  ],
  preParsing: ['request bodies: the front doors take GET and HEAD only'],
  onSend: [
    'compression: the front doors send the kept compressed copies the negotiation chose',
    'cookies on send: the front doors set no cookies',
  ],
  onResponse: ['uploads clean-up: no upload reaches a front door (GET and HEAD only)'],
} as const;

/** What a front door writes: status, headers (name, value, name, value, …, content-length left out) and body. */
export interface FrontAnswer {
  status: number;
  headers: readonly string[];
  body: Buffer | string;
}

/** Writes answers for requests a front door took, and says whether a request may be taken at all. */
export interface FrontDoorWriter {
  /**
   * Null when the request must stay Fastify's whatever its path (the log level asks for Fastify's detail, or
   * its client's address needs Fastify's proxy list); else a function that writes an answer and logs it.
   */
  open(request: IncomingMessage): ((response: ServerResponse, answer: FrontAnswer) => void) | null;
}

export function frontDoorWriter(log: FastifyBaseLogger, trustProxy: AppDeps['config']['trustProxy']) {
  const clientAddress = clientAddressReader(trustProxy);
  const quiet = (request: IncomingMessage) => (response: ServerResponse, answer: FrontAnswer) =>
    write(response, answer, requestIdOf(request));
  return {
    open(request: IncomingMessage) {
      const level = log.level;
      if (level === 'debug' || level === 'trace') return null;
      if (level !== 'info') return quiet(request);
      const ip = clientAddress(request);
      if (ip === null) return null;
      return (response: ServerResponse, answer: FrontAnswer) => {
        const started = performance.now();
        const reqId = requestIdOf(request);
        write(response, answer, reqId);
        log.info(
          {
            [REQUEST_ID_LOG_KEY]: reqId,
            // the shape of Fastify's request as the logger's `req` serializer reads it (masked URL, no headers)
            req: { method: request.method, url: request.url ?? '/', ip, headers: request.headers },
            res: { statusCode: answer.status },
            responseTime: performance.now() - started,
          },
          'request completed',
        );
      };
    },
  } satisfies FrontDoorWriter;
}

/** Writes an answer: its headers, its length and the request id in one header block, then its body. */
export function write(response: ServerResponse, answer: FrontAnswer, requestId: string): void {
  // A 304 has no body and, as Fastify sends it, no length
  const length = answer.status === 304 ? [] : ['content-length', String(Buffer.byteLength(answer.body))];
  response.writeHead(answer.status, [...answer.headers, ...length, 'x-request-id', requestId]);
  response.end(answer.body);
}

/**
 * The client's address as Fastify reads it (`request.ip`): the socket's, or with every sender trusted the
 * first X-Forwarded-For entry. With a list of proxies and an X-Forwarded-For, null: Fastify checks the list.
 */
function clientAddressReader(trustProxy: AppDeps['config']['trustProxy']) {
  return (request: IncomingMessage): string | undefined | null => {
    const forwardedFor = headerText(request.headers['x-forwarded-for']);
    if (trustProxy === false || forwardedFor === undefined) return request.socket.remoteAddress;
    if (trustProxy !== true) return null;
    const comma = forwardedFor.indexOf(',');
    return (comma === -1 ? forwardedFor : forwardedFor.slice(0, comma)).trim();
  };
}

export const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value;
