import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Bytes after a bodiless request (docs/operations/cardpointe.md "Bytes after a GET"; decisions 044 and 060):
 * every emulator's server (server.ts) applies it, so any official SDK that writes a body on GET is served.
 *
 * CardConnect's Node sample SDK writes its JSON body on GET and DELETE too, with neither Content-Length nor
 * Transfer-Encoding. By RFC 9112 §6.3 such a request has no body, so a server reads those bytes as the start
 * of the next request on the kept-alive connection. A normal front server (nginx 1.22, tried) answers the
 * request, then refuses the "next request" with 400 and closes. Node's parser instead meets the bad bytes
 * while the handler is still working and, by default, answers 400 and closes before the request is
 * answered. The emulator answers the request, sends it with `Connection: close`, drops the stray bytes and
 * closes: no client then reads a stray 400 as the answer of its next request on the same connection.
 */

/** GET and DELETE carry no body unless framed (RFC 9112 §6.3): what follows them belongs to no request. */
const BODILESS_METHODS = new Set(['GET', 'DELETE', 'HEAD']);

export const isUnframed = (req: IncomingMessage): boolean =>
  BODILESS_METHODS.has(req.method ?? '') &&
  req.headers['content-length'] === undefined &&
  req.headers['transfer-encoding'] === undefined;

/** What a malformed request gets when it follows no bodiless one: Node's own default answers. */
function refuse(socket: Socket, error: Error & { code?: string }): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? '431 Request Header Fields Too Large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}

/** Ends the connection once the bodiless request's answer (if any is still coming) has gone out. */
function closeAfterAnswer(socket: Socket, res: ServerResponse | null): void {
  if (!res || res.writableFinished) {
    socket.end();
    return;
  }
  // Before the head is written, Node adds `Connection: close` and closes the socket after the answer.
  if (!res.headersSent) res.shouldKeepAlive = false;
  else res.once('finish', () => socket.end());
}

/** Makes `server` answer a bodiless request followed by stray bytes, as described above. */
export function tolerateStrayBytes(server: Server): void {
  // socket → the answer of its last request while that request was unframed (null once answered)
  const unframed = new WeakMap<Socket, ServerResponse | null>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!isUnframed(req)) {
      unframed.delete(req.socket);
      return;
    }
    unframed.set(req.socket, res);
    res.once('finish', () => {
      if (unframed.get(req.socket) === res) unframed.set(req.socket, null);
    });
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (unframed.has(socket)) closeAfterAnswer(socket, unframed.get(socket) ?? null);
    else refuse(socket, error);
  });
}
