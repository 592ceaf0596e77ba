import { createSocket } from 'node:dgram';

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP, random port) for tests: it answers TXT queries from a
 * map and NXDOMAIN for everything else. Enough for the resolver of domain verification, without a package.
 */
export interface LocalDnsServer {
  /** "127.0.0.1:port", the form DNS_SERVERS takes. */
  address: string;
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! > 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function answer(query: Buffer, txt: Map<string, string[]>): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const records = type === 16 ? (txt.get(name) ?? []) : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // QR, AA, RD copied, RA; NXDOMAIN when the name has no records.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (txt.has(name) ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((value) => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < value.length || i === 0; i += 255) {
      const part = Buffer.from(value.slice(i, i + 255), 'utf8');
      chunks.push(Buffer.from([part.length]), part);
      if (value.length === 0) break;
    }
    const rdata = Buffer.concat(chunks);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0);
    fixed.writeUInt16BE(16, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(1, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startLocalDnsServer(): Promise<LocalDnsServer> {
  const txt = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    try {
      socket.send(answer(message, txt), remote.port, remote.address);
    } catch {
      // A malformed query is dropped.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
