import { BlockList, isIP } from 'node:net';

/** The most bytes one print may carry (decoded): 256 KiB. */
export const MAX_PRINT_BYTES = 262_144;

export const MESSAGES = {
  key: "A print needs a key of 1 to 200 letters, digits, ':', '_', '.' or '-'",
  notIp: "The printer's address must be an IP address",
  notPrivate: "The printer's address must be on the restaurant's network (a private address)",
  loopback: "The printer's address must be a printer on the network, not this computer",
  port: "The printer's port must be the printers' port",
  bytes: 'Give the bytes to print (base64, at most 256 KiB)',
  json: 'The request body must be JSON',
} as const;

/** A print the bridge may send: a key, a printer on the restaurant's network, and the bytes. */
export interface PrintJob {
  key: string;
  host: string;
  port: number;
  bytes: Buffer;
}

export type Checked = { ok: true; job: PrintJob } | { ok: false; message: string };

const KEY = /^[A-Za-z0-9:_.-]{1,200}$/;
// standard base64 with its padding, as btoa() writes it
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MAX_BASE64_CHARS = 4 * Math.ceil(MAX_PRINT_BYTES / 3);

/**
 * Private, loopback and link-local ranges: where a restaurant's printers are, never the internet. Loopback
 * is this computer itself: refused unless allowed (a test's printer), so the bridge cannot be used to write
 * to the services of the machine it runs on.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const isLoopback = (host: string) => LOOPBACK.check(host, isIP(host) === 4 ? 'ipv4' : 'ipv6');

/** What a print may reach: the printers' port (9100), and this computer only when allowed (tests). */
export interface PrintTargets {
  printerPort: number;
  allowLoopback?: boolean | undefined;
}

/** Whether `host` is an IP literal on a private network (IPv4-mapped IPv6 counts as its IPv4 address). */
export function isPrivateAddress(host: string): boolean {
  const version = isIP(host);
  if (version === 0) return false;
  return PRIVATE.check(host, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Checks a `POST /v1/print` body. The port is the printers' (`KITCHEN_PRINTER_PORT`, 9100): a print names
 * none, or that one — the bridge writes to printers, not to any service on the network.
 */
export function checkPrintRequest(body: unknown, targets: PrintTargets): Checked {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, message: MESSAGES.json };
  const { key, host, port = targets.printerPort, bytes } = body as Record<string, unknown>;
  if (typeof key !== 'string' || !KEY.test(key)) return { ok: false, message: MESSAGES.key };
  if (typeof host !== 'string' || isIP(host) === 0) return { ok: false, message: MESSAGES.notIp };
  if (!isPrivateAddress(host)) return { ok: false, message: MESSAGES.notPrivate };
  if (!targets.allowLoopback && isLoopback(host)) return { ok: false, message: MESSAGES.loopback };
  if (port !== targets.printerPort) return { ok: false, message: MESSAGES.port };
  if (typeof bytes !== 'string' || bytes === '' || bytes.length > MAX_BASE64_CHARS || !BASE64.test(bytes))
    return { ok: false, message: MESSAGES.bytes };
  const decoded = Buffer.from(bytes, 'base64');
  if (decoded.length === 0 || decoded.length > MAX_PRINT_BYTES) return { ok: false, message: MESSAGES.bytes };
  return { ok: true, job: { key, host, port, bytes: decoded } };
}
