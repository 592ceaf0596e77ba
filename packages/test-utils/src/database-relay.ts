import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and put back. */
export class DatabaseRelay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = tcpConnect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** Like a database host going away: open connections are cut, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
