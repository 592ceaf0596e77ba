import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
} from 'node:http';
import type { Socket } from 'node:net';
import type { HttpLimits } from './config';

/**
 * The limits every listening port applies to slow clients (issue 14, docs/decisions/017): Node's defaults
 * let a client that trickles its request head or body keep a connection for minutes, and Fastify turns the
 * request limit off. Node answers a request over the headers or request limit with 408 and closes it; it
 * looks for such requests every `timeoutCheckIntervalMs`.
 */
export function nodeServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** A request's id: the caller's (or proxy's) X-Request-Id when it is a sane one, so one id follows a request
 * across systems; else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The same limits as Fastify's options for the main port (Fastify sets some of them after creating it). */
export function fastifyServerOptions(limits: HttpLimits) {
  return {
    http: nodeServerOptions(limits),
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
  };
}

/** A server for one more port (the apps' own ports in development) on the same handler and limits. */
export function createHttpServer(handler: RequestListener, limits: HttpLimits): Server {
  const server = createServer(nodeServerOptions(limits), handler);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs);
  dropSilentConnectionsOnClose(server);
  return server;
}

/**
 * On close, Node ends the keep-alive connections between requests, but a connection that has not sent a byte
 * yet (a browser's or client's speculative preconnect) counts as busy, and would hold the shutdown until the
 * headers limit cuts it (30 s): such connections are dropped as the server closes.
 */
function dropSilentConnectionsOnClose(server: Server): void {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    close(callback);
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    return server;
  };
}

export async function listenExtraPort(
  handler: RequestListener,
  port: number,
  host: string,
  limits: HttpLimits,
): Promise<Server> {
  const server = createHttpServer(handler, limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
