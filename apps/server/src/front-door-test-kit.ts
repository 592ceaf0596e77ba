import { createServer, request as httpRequest, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { frontDoorOf } from './app';

/**
 * For the tests of the answers written in front of Fastify (decision 034): a server on the app's own
 * listener that counts which of the two ways answered each request, and a raw HTTP client.
 */

export interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over real HTTP, the body kept as bytes. */
export function send(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Everything but the headers that differ per answer. */
export const stable = (headers: Got['headers']) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

/** A server for `app` that asks the front doors first and counts who answered; listens on `port` (0: any). */
export async function countingServer(
  app: FastifyInstance,
  port = 0,
): Promise<{ origin: string; answered: { front: number; fastify: number }; close: () => Promise<void> }> {
  const answered = { front: 0, fastify: 0 };
  const front = frontDoorOf(app);
  const server: Server = createServer((request, response) => {
    if (front(request, response)) answered.front++;
    else {
      answered.fastify++;
      app.routing(request, response);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return { origin, answered, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
