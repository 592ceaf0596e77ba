import type { Reply } from './emulator-answers';

/**
 * The shopper's side of an emulated terminal: what its screen shows, the command waiting for the shopper (a
 * long poll: the HTTP request stays open until a card, a tip, a signature, a cancel or the timeout), and the
 * controls a test or a person uses to act (`POST /terminal/<hsn>/card|tip|sign|cancel`, terminal-page.ts).
 */

export type Screen =
  | { kind: 'idle' }
  | { kind: 'message'; text: string }
  | { kind: 'card'; amount?: string; command: 'authCard' | 'readCard' }
  | { kind: 'tip'; amount: string; presets: number[] }
  | { kind: 'signature'; amount?: string; text?: string }
  | { kind: 'result'; text: string; amount: string };

export type ShopperAction =
  | { kind: 'card'; pan: string; entrymode: string }
  | { kind: 'tip'; tip: string }
  | { kind: 'sign'; signature: string }
  | { kind: 'cancel'; by: 'pos' | 'shopper' }
  | { kind: 'timeout' };

export interface Terminal {
  hsn: string;
  merchantId: string;
  online: boolean;
  session?: { key: string; expiresAt: number };
  screen: Screen;
  pending?: { wants: ShopperAction['kind'][]; finish(action: ShopperAction): void };
}

export const terminalOf = (t: { hsn: string; merchantId: string }): Terminal => ({
  ...t,
  online: true,
  screen: { kind: 'idle' },
});

/** Test cards a shopper can present: the gateway emulator's approving and declining cards. */
export const TERMINAL_CARDS = [
  { pan: '4111111111111111', label: 'Visa — approved' },
  { pan: '5454545454545454', label: 'Mastercard — approved' },
  { pan: '371449635398431', label: 'Amex — approved' },
  { pan: '6011000995500000', label: 'Discover — approved' },
  { pan: '4387751111111038', label: 'Visa — Do Not Honor' },
  { pan: '4387751111111053', label: 'Visa — Insufficient Funds' },
] as const;

const ENTRY_MODES: Record<string, string> = {
  tap: 'Contactless',
  insert: 'EMVContact',
  swipe: 'Swipe(Non EMV)',
};

/** A signature's image as the service sends it: base64 (here a 1×1 PNG: the emulator does not draw). */
const SIGNATURE =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Shows `screen` and waits for one of the `wants` actions (or a cancel, or the timeout). */
export function waitForShopper(
  terminal: Terminal,
  screen: Screen,
  timeoutMs: number,
  wants: ShopperAction['kind'][],
): Promise<ShopperAction> {
  terminal.screen = screen;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    const finish = (action: ShopperAction) => {
      clearTimeout(timer);
      if (terminal.pending?.finish === finish) delete terminal.pending;
      resolve(action);
    };
    terminal.pending = { wants: [...wants, 'cancel'], finish };
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shopper's controls and the screen's state, under /terminal/<hsn>/. */
export function shopperControl(
  terminals: Map<string, Terminal>,
  method: string,
  path: string,
  body: unknown,
): Reply | undefined {
  const match = /^\/terminal\/([^/]+)\/(screen|card|tip|sign|cancel|online)$/.exec(path);
  if (!match) return undefined;
  const terminal = terminals.get(decodeURIComponent(match[1]!));
  if (!terminal) return { status: 404, body: { message: 'No such terminal' } };
  const control = match[2]!;
  if (control === 'screen') {
    if (method !== 'GET') return { status: 405, headers: { allow: 'GET' }, body: {} };
    return { status: 200, body: screenView(terminal) };
  }
  if (method !== 'POST') return { status: 405, headers: { allow: 'POST' }, body: {} };
  const input = isObject(body) ? body : {};
  if (control === 'online') {
    terminal.online = input.online !== false;
    return { status: 200, body: screenView(terminal) };
  }
  const action = actionOf(control, input);
  if ('message' in action) return { status: 400, body: action };
  const pending = terminal.pending;
  if (!pending?.wants.includes(action.kind))
    return { status: 409, body: { message: `The terminal is not waiting for ${control}` } };
  pending.finish(action);
  return { status: 200, body: screenView(terminal) };
}

function actionOf(control: string, input: Record<string, unknown>): ShopperAction | { message: string } {
  if (control === 'cancel') return { kind: 'cancel', by: 'shopper' };
  if (control === 'sign') return { kind: 'sign', signature: SIGNATURE };
  if (control === 'card') {
    const pan = typeof input.pan === 'string' ? input.pan : '';
    if (!/^\d{12,19}$/.test(pan)) return { message: 'pan must be a test card number' };
    const entry = typeof input.entry === 'string' ? input.entry : 'insert';
    return { kind: 'card', pan, entrymode: ENTRY_MODES[entry] ?? 'EMVContact' };
  }
  const tip = typeof input.tip === 'string' ? input.tip : '';
  if (!/^\d{1,7}\.\d{2}$/.test(tip)) return { message: 'tip must be dollars and cents, e.g. "3.00"' };
  return { kind: 'tip', tip };
}

function screenView(terminal: Terminal) {
  return {
    hsn: terminal.hsn,
    online: terminal.online,
    connected: terminal.session !== undefined,
    waitingFor: terminal.pending?.wants.filter((w) => w !== 'cancel') ?? [],
    screen: terminal.screen,
  };
}
