/**
 * Where a kitchen printer may be (docs/behaviour/catalogue.md#printers, decision 040). The server opens a
 * TCP connection to a printer's address and writes ticket bytes there, so an address that is not a printer
 * on the restaurant's network would let a tenant reach something else: this machine (loopback), the cloud's
 * metadata service (link-local 169.254.169.254), every host at once (broadcast, multicast) or nothing real
 * (unspecified, reserved). Private LAN ranges (10/8, 172.16/12, 192.168/16) are what printers use.
 */

export type SpecialAddress = 'unspecified' | 'loopback' | 'link-local' | 'multicast' | 'reserved';

export const PRINTER_ADDRESS_MESSAGES: Record<SpecialAddress | 'own', string> = {
  unspecified: 'IP address cannot be an unspecified address (0.0.0.0/8)',
  loopback: 'IP address cannot be a loopback address (127.0.0.0/8)',
  'link-local': 'IP address cannot be a link-local address (169.254.0.0/16)',
  multicast: 'IP address cannot be a multicast address (224.0.0.0/4)',
  reserved: 'IP address cannot be a broadcast or reserved address (240.0.0.0/4)',
  own: "IP address cannot be one of the server's own addresses",
};

/** The four numbers of a dotted IPv4 address, or null. */
export function ipv4Octets(ip: string): [number, number, number, number] | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((n) => n <= 255) ? (octets as [number, number, number, number]) : null;
}

/** The special-use block an IPv4 address is in (RFC 6890), or null for an ordinary unicast address. */
export function specialAddressOf(ip: string): SpecialAddress | null {
  const octets = ipv4Octets(ip);
  if (!octets) return null;
  const [a, b] = octets;
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  // 240.0.0.0/4 is reserved, and holds the limited broadcast 255.255.255.255
  if (a >= 240) return 'reserved';
  return null;
}

/**
 * The message for an address no printer can have, whatever the deployment; loopback is left to the server,
 * which refuses it (and its own addresses) unless it runs with KITCHEN_PRINTER_ALLOW_LOCAL outside
 * production (a printer emulator on this machine).
 */
export function printerAddressProblem(ip: string): string | null {
  const special = specialAddressOf(ip);
  return special && special !== 'loopback' ? PRINTER_ADDRESS_MESSAGES[special] : null;
}
