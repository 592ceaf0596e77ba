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
 * printer closes its side too (as the server's own transport does). A printer that did not connect, reset the
 * connection, or did not close it within `timeoutMs` has not printed: the print may be tried again (a
 * duplicate at worst), never taken for printed when it was not.
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
    // only a printer that closed the connection took the bytes: one that stays silent may not have read
    // them (the system took them, not the printer), and a ticket taken for printed would be lost
    const timer = setTimeout(() => {
      socket.destroy();
      settle(new Error(`no answer in ${timeoutMs} ms`));
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
