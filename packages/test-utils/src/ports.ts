import { createServer } from 'node:net';

/**
 * A port for a server a test or benchmark is about to start (in this process or a child), on 127.0.0.1.
 *
 * Chosen below Linux's ephemeral range (32768–60999) and checked by binding it: a port from `listen(0)` is
 * itself ephemeral, and between closing the probe and the real `listen` an outgoing connection of any
 * process (a database pool, the browser) may be handed the same number (EADDRINUSE, seen in CI).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canBind(port)) return port;
  }
  throw new Error('no free port found between 20000 and 32000');
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
