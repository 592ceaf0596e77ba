import { networkInterfaces } from 'node:os';
import {
  ipv4Octets,
  PRINTER_ADDRESS_MESSAGES,
  printerAddressProblem,
  specialAddressOf,
} from '@brigade/domain/catalogue/printer-address';

/**
 * What the server adds to the printer address rule of the domain (packages/domain/src/catalogue/
 * printer-address.ts): a printer is never this machine — a loopback address, one of its own interface
 * addresses or the broadcast address of one of its networks — unless the deployment allows local printers
 * (KITCHEN_PRINTER_ALLOW_LOCAL, development and tests only: a printer emulator, the tests' TCP receiver).
 * Checked when a printer is written and again before ticket bytes are sent (an address stored earlier).
 */
export interface PrinterAddressPolicy {
  /** Loopback and the server's own addresses are allowed (never in production). */
  allowLocal: boolean;
}

export const STRICT_PRINTER_ADDRESSES: PrinterAddressPolicy = { allowLocal: false };

/** This machine's IPv4 addresses, and the broadcast address of each of its networks. */
export function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family !== 'IPv4') continue;
      own.add(entry.address);
      const address = ipv4Octets(entry.address);
      const mask = ipv4Octets(entry.netmask);
      if (address && mask) own.add(address.map((octet, i) => (octet | ~mask[i]!) & 255).join('.'));
    }
  }
  return own;
}

/** Why a printer cannot be at `ip` on this server, or null when it may. */
export function printerHostProblem(ip: string, policy: PrinterAddressPolicy): string | null {
  const always = printerAddressProblem(ip);
  if (always) return always;
  if (policy.allowLocal) return null;
  if (specialAddressOf(ip) === 'loopback') return PRINTER_ADDRESS_MESSAGES.loopback;
  return ownAddresses().has(ip) ? PRINTER_ADDRESS_MESSAGES.own : null;
}
