import type { OfflineTicket } from '@brigade/domain/pos/offline-tickets';

/**
 * The register's side of the print bridge (docs/behaviour/printing.md#the-print-bridge): a small process on
 * the restaurant's network that writes bytes to a kitchen printer over raw TCP. While the register is offline
 * it sends each kept sale's kitchen tickets there, each under its own key (the sale's key and the station), so
 * the bridge prints a ticket once however often it is asked. Where a station's ticket printer does not
 * answer, its backup is tried; a ticket no printer took prints through the server when the sale is sent.
 */

export interface BridgeSettings {
  /** The bridge's address as this register reaches it: `http://127.0.0.1:9111`, `https://bridge.lan:9111`. */
  url: string;
  /** The pairing code the bridge printed when it started. */
  code: string;
}

export interface BridgeOutcome {
  /** The stations whose ticket a printer took. */
  printed: number[];
  /** The stations whose ticket did not print (it prints when the sale is sent). */
  notPrinted: string[];
  /** The register's cash drawer: opened through the bridge, not reached, or none on its printer. */
  drawer: 'opened' | 'not opened' | 'none';
  /** The guest's receipt on the register's printer: printed, not reached, or none asked for. */
  receipt: 'printed' | 'not printed' | 'none';
}

// above the bridge's own 5 s for a printer that does not answer, so that it says which (502) before this gives up
const TIMEOUT_MS = 8_000;

/** A Uint8Array as base64, in chunks (a spread of a whole ticket would overflow the call stack). */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x2000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x2000));
  return btoa(binary);
}

const endpoint = (bridge: BridgeSettings, path: string) => `${bridge.url.replace(/\/+$/, '')}${path}`;

/**
 * How long one kept sale's printing may take in all: well under the minute its sale waits before it is sent
 * regardless (queue.ts PRINTING_WAIT_MS), so the bridge is not still printing what the server will print.
 */
export const BRIDGE_BUDGET_MS = 40_000;

/** A moment after which nothing more is sent to the bridge (ms since the epoch). */
export type Deadline = number;

async function call(
  bridge: BridgeSettings,
  path: string,
  body?: object,
  deadline: Deadline = Date.now() + TIMEOUT_MS,
): Promise<Response> {
  const left = Math.min(TIMEOUT_MS, deadline - Date.now());
  if (left <= 0) throw new Error('The print bridge took too long');
  return fetch(endpoint(bridge, path), {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${bridge.code}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(left),
  });
}

/**
 * Sends one document (a receipt, the drawer's pulse) to a printer through the bridge under its key: a retry
 * does not print it twice. Answers whether the printer took it.
 */
export async function sendOnBridge(
  bridge: BridgeSettings,
  key: string,
  host: string,
  bytes: Uint8Array,
  deadline?: Deadline,
): Promise<boolean> {
  try {
    return (await call(bridge, '/v1/print', { key, host, bytes: base64Of(bytes) }, deadline)).ok;
  } catch {
    return false;
  }
}

/** Prints each ticket on its station's printer, else its backup; stops asking once the bridge is unreachable. */
export async function printOnBridge(
  bridge: BridgeSettings,
  tickets: OfflineTicket[],
  deadline: Deadline = Date.now() + BRIDGE_BUDGET_MS,
): Promise<Omit<BridgeOutcome, 'drawer' | 'receipt'>> {
  const outcome = { printed: [] as number[], notPrinted: [] as string[] };
  let reachable = true;
  for (const ticket of tickets) {
    let printed = false;
    for (const target of reachable ? ticket.targets : []) {
      try {
        const body = { key: ticket.key, host: target.host, bytes: base64Of(target.bytes) };
        const answer = await call(bridge, '/v1/print', body, deadline);
        printed = answer.ok;
        if (printed || answer.status !== 502) break;
      } catch {
        reachable = false;
        break;
      }
    }
    if (printed) outcome.printed.push(ticket.prepStationId);
    else outcome.notPrinted.push(ticket.station);
  }
  return outcome;
}

/** Whether the bridge answers at that address with that pairing code, in the words the settings show. */
export async function checkBridge(bridge: BridgeSettings): Promise<string | null> {
  try {
    const answer = await call(bridge, '/v1/status');
    if (answer.status === 401) return 'The print bridge refused the pairing code';
    if (!answer.ok) return `The print bridge answered ${answer.status}`;
    const body = (await answer.json()) as { bridge?: string };
    return body.bridge === 'brigade-print-bridge' ? null : 'Something else answers at that address';
  } catch {
    return `The print bridge did not answer at ${bridge.url}`;
  }
}

const keyOf = (deviceId: number) => `brigade-pos-bridge:${deviceId}`;

export function readBridge(deviceId: number): BridgeSettings | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(keyOf(deviceId)) ?? 'null') as BridgeSettings | null;
    return value && typeof value.url === 'string' && typeof value.code === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function writeBridge(deviceId: number, bridge: BridgeSettings | null): void {
  try {
    if (bridge) window.localStorage.setItem(keyOf(deviceId), JSON.stringify(bridge));
    else window.localStorage.removeItem(keyOf(deviceId));
  } catch {
    // private mode without storage: the bridge is not kept
  }
}
