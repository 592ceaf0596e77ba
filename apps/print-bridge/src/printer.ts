import { connect } from 'node:net';

/** The printer could not be reached, refused the connection, or did not take the bytes in time. */
export class PrinterUnreachableError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    options?: { cause?: unknown },
  ) {
    super(`The printer at ${host}:${port} did not answer`, options);
    this.name = 'PrinterUnreachableError';
  }
}

/**
 * Sends raw bytes (ESC/POS) to a printer's raw TCP port (9100): connect, write, end, and wait until the
 * printer closes its side too. A printer that took every byte but keeps its side open past `timeoutMs`
 * counts as printed (the bytes are with it); one that did not connect, or reset the connection, has not.
 */
export function sendToPrinter(host: string, port: number, bytes: Buffer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let written = false;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error === undefined) resolve();
      else reject(new PrinterUnreachableError(host, port, { cause: error }));
    };
    const timer = setTimeout(() => {
      socket.destroy();
      settle(written ? undefined : new Error(`no answer in ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => socket.end(bytes));
    socket.once('finish', () => {
      written = true;
    });
    socket.on('data', () => {
      // a printer's status bytes are not read: they must not hold the connection open
    });
    socket.once('error', (error) => settle(error));
    socket.once('close', (hadError) =>
      settle(
        hadError || !written ? new Error('the connection closed before the bytes were sent') : undefined,
      ),
    );
  });
}
