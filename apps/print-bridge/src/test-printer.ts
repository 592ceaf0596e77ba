import { once } from 'node:events';
import { createServer, type Server } from 'node:net';

/** A raw TCP "printer" on 127.0.0.1 for the tests: keeps the bytes of each connection it took. */
export interface FakePrinter {
  port: number;
  /** The bytes of each finished connection, in order. */
  jobs: Buffer[];
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function fakePrinter(port = 0): Promise<FakePrinter> {
  let server: Server | undefined;
  const printer: FakePrinter = {
    port,
    jobs: [],
    async start() {
      server = createServer((socket) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        // the bridge ends its side once every byte is written; the printer then ends its own
        socket.on('end', () => printer.jobs.push(Buffer.concat(chunks)));
      });
      server.listen(printer.port, '127.0.0.1');
      await once(server, 'listening');
      const address = server.address();
      if (typeof address === 'object' && address !== null) printer.port = address.port;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await printer.start();
  return printer;
}
