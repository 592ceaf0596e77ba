import { randomBytes } from 'node:crypto';
import type { Context, Reply } from './emulator-answers';
import { tokenise } from './emulator-cards';
import { auth } from './emulator-transactions';
import { TERMINAL_ERROR_CODES } from './terminal';
import {
  type Screen,
  type ShopperAction,
  type Terminal,
  terminalOf,
  waitForShopper,
} from './terminal-shopper';

/**
 * The emulator's CardPointe Integrated Terminal service (docs/operations/cardpointe.md#the-terminal): the
 * commands under /api/v2/ (and /api/v3/) with the API key as the raw Authorization header and a session per
 * terminal, and emulated terminals, one per HSN, whose screens a person or a test drives (terminal-page.ts,
 * terminal-shopper.ts). authCard authorises through the gateway emulator's own `auth`, so its retref is one
 * that inquire, void and refund know. Card numbers stay inside the emulator; answers carry tokens.
 */

export const TERMINAL_API_PREFIX = '/api/';
/** A session key lives 10 minutes (on the emulated clock). */
const SESSION_MS = 10 * 60_000;

export interface EmulatedTerminal {
  hsn: string;
  merchantId: string;
}

export interface TerminalDesk {
  apiKey: string;
  terminals: Map<string, Terminal>;
  /** How long a command waits for the shopper before "Terminal request timed out" (the service: ~2 min). */
  shopperTimeoutMs: number;
}

export const DEFAULT_TERMINAL: EmulatedTerminal = { hsn: 'C032UQ03960189', merchantId: '496160873888' };
export const DEFAULT_TERMINAL_KEY = 'emulator-terminal-api-key';

export function createDesk(options: {
  apiKey?: string;
  terminals?: readonly EmulatedTerminal[];
  shopperTimeoutMs?: number;
}): TerminalDesk {
  const desk: TerminalDesk = {
    apiKey: options.apiKey ?? DEFAULT_TERMINAL_KEY,
    terminals: new Map(),
    shopperTimeoutMs: options.shopperTimeoutMs ?? 119_000,
  };
  for (const terminal of options.terminals ?? [DEFAULT_TERMINAL]) addTerminal(desk, terminal);
  return desk;
}

export function addTerminal(desk: TerminalDesk, terminal: EmulatedTerminal): void {
  desk.terminals.set(terminal.hsn, terminalOf(terminal));
}

/** The service's error answer: HTTP 500 with `errorCode` and `errorMessage` (its documented shape). */
export const terminalError = (errorCode: number, errorMessage: string, extra: object = {}): Reply => ({
  status: 500,
  body: { errorCode, errorMessage, ...extra },
});

const invalidParam = (name: string) =>
  terminalError(TERMINAL_ERROR_CODES.invalid, `Invalid value for param: '${name}'.`);
const text = (body: Record<string, unknown>, name: string) => {
  const value = body[name];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
};
const flag = (body: Record<string, unknown>, name: string) => text(body, name)?.toLowerCase() === 'true';

type Command = (
  ctx: Context,
  desk: TerminalDesk,
  terminal: Terminal,
  body: Record<string, unknown>,
) => Reply | Promise<Reply>;

/** A terminal command: the API key, the body, the terminal, the session (except connect), then the command. */
export async function terminalCommand(
  ctx: Context,
  desk: TerminalDesk,
  request: { method: string; path: string; authorization?: string; sessionKey?: string },
  body: Record<string, unknown> | undefined,
): Promise<Reply> {
  const match = /^\/api\/v[23]\/([A-Za-z]+)$/.exec(request.path);
  const command = match ? COMMANDS[match[1]!] : undefined;
  if (!command || !match) return { status: 404, body: {} };
  if (request.method !== 'POST') return { status: 405, headers: { allow: 'POST' }, body: {} };
  // the service answers a missing or wrong key with an HTTP 401, not an errorCode
  if (request.authorization !== desk.apiKey) return { status: 401, body: {} };
  if (!body) return terminalError(TERMINAL_ERROR_CODES.invalid, 'Malformed JSON');
  if (match[1] === 'listTerminals') return listTerminals(desk, body);
  const merchantId = text(body, 'merchantId');
  const hsn = text(body, 'hsn');
  if (!hsn) return invalidParam('hsn');
  if (!merchantId) return invalidParam('merchantId');
  const terminal = desk.terminals.get(hsn);
  if (!terminal?.online)
    return terminalError(TERMINAL_ERROR_CODES.notConnected, `Terminal ${hsn} is not connected`);
  if (terminal.merchantId !== merchantId) return invalidParam('merchantId');
  if (match[1] !== 'connect') {
    if (!request.sessionKey)
      return terminalError(TERMINAL_ERROR_CODES.general, 'SessionKey header is required');
    const key = request.sessionKey.split(';')[0]!.trim();
    const session = terminal.session;
    if (!session || session.key !== key || session.expiresAt <= ctx.now)
      return terminalError(TERMINAL_ERROR_CODES.general, `Session key for hsn ${hsn} was not valid`);
  }
  return command(ctx, desk, terminal, body);
}

function listTerminals(desk: TerminalDesk, body: Record<string, unknown>): Reply {
  const merchantId = text(body, 'merchantId');
  if (!merchantId) return invalidParam('merchantId');
  const terminals = [...desk.terminals.values()].filter((t) => t.merchantId === merchantId).map((t) => t.hsn);
  return { status: 200, body: { terminals } };
}

const connect: Command = (ctx, _desk, terminal, body) => {
  const live = terminal.session && terminal.session.expiresAt > ctx.now;
  if (live && !flag(body, 'force'))
    return terminalError(TERMINAL_ERROR_CODES.inUse, `Terminal ${terminal.hsn} is already in use`);
  // force ends the other session, and whatever it had the terminal doing
  terminal.pending?.finish({ kind: 'cancel', by: 'pos' });
  const key = randomBytes(16).toString('hex');
  const expiresAt = ctx.now + SESSION_MS;
  terminal.session = { key, expiresAt };
  return {
    status: 200,
    headers: { 'X-CardConnect-SessionKey': `${key};expires=${new Date(expiresAt).toISOString()}` },
  };
};

const disconnect: Command = (_ctx, _desk, terminal) => {
  terminal.pending?.finish({ kind: 'cancel', by: 'pos' });
  delete terminal.session;
  terminal.screen = { kind: 'idle' };
  return { status: 200 };
};

const busy = (terminal: Terminal) =>
  terminal.pending
    ? terminalError(TERMINAL_ERROR_CODES.inUse, `Terminal ${terminal.hsn} is already in use`)
    : undefined;

const amountOf = (body: Record<string, unknown>) => {
  const value = text(body, 'amount');
  if (value === undefined) return undefined;
  // "25.00" or cents "2500" (the API takes both forms in its examples)
  if (/^\d{1,7}\.\d{2}$/.test(value)) return value;
  if (/^\d{1,9}$/.test(value)) return (Number(value) / 100).toFixed(2);
  return null;
};

/** The gateway authorisation a presented card makes; the answer as the terminal service gives it. */
function authorise(
  ctx: Context,
  terminal: Terminal,
  body: Record<string, unknown>,
  amount: string,
  card: { pan: string; entrymode: string },
): Record<string, unknown> {
  const orderId = text(body, 'orderId') ?? `${terminal.hsn}-${ctx.now}`;
  const reply = auth(ctx, {
    merchid: terminal.merchantId,
    account: card.pan,
    expiry: '1230',
    amount,
    currency: 'USD',
    orderid: orderId,
    capture: flag(body, 'capture') ? 'Y' : 'N',
    ecomind: 'R',
    name: 'EMULATED CARDHOLDER',
  });
  const answer = reply.body as Record<string, unknown>;
  const { account: _account, receipt: _receipt, commcard: _commcard, currency: _currency, ...rest } = answer;
  return { ...rest, name: 'EMULATED CARDHOLDER', orderid: orderId, entrymode: card.entrymode };
}

const authCard: Command = async (ctx, desk, terminal, body) => {
  const amount = amountOf(body);
  if (!amount) return invalidParam('amount');
  const inUse = busy(terminal);
  if (inUse) return inUse;
  const shown: Screen = { kind: 'card', amount, command: 'authCard' };
  const action = await waitForShopper(terminal, shown, desk.shopperTimeoutMs, ['card']);
  if (action.kind !== 'card') return stopped(terminal, action);
  const answer = authorise(ctx, terminal, body, amount, action);
  if (answer.respstat === 'A' && flag(body, 'includeSignature')) {
    const signed = await waitForShopper(terminal, { kind: 'signature', amount }, desk.shopperTimeoutMs, [
      'sign',
    ]);
    // the authorisation stands: the service returns it inside the error (errorCode 1 or 8)
    if (signed.kind !== 'sign') return stopped(terminal, signed, answer);
    answer.signature = signed.signature;
  }
  terminal.screen = { kind: 'result', text: String(answer.resptext ?? ''), amount };
  return { status: 200, body: answer };
};

const readCard: Command = async (ctx, desk, terminal, body) => {
  const amount = amountOf(body);
  if (amount === null) return invalidParam('amount');
  const inUse = busy(terminal);
  if (inUse) return inUse;
  const shown: Screen = { kind: 'card', command: 'readCard', ...(amount ? { amount } : {}) };
  const action = await waitForShopper(terminal, shown, desk.shopperTimeoutMs, ['card']);
  if (action.kind !== 'card') return stopped(terminal, action);
  const token = tokenise(ctx.state, action.pan);
  terminal.screen = { kind: 'idle' };
  if (!token) return terminalError(TERMINAL_ERROR_CODES.unexpected, `Card could not be read`);
  return { status: 200, body: { token, expiry: '1230', name: 'EMULATED CARDHOLDER' } };
};

const tip: Command = async (_ctx, desk, terminal, body) => {
  const amount = amountOf(body);
  if (!amount) return invalidParam('amount');
  const raw = body.tipPercentPresets;
  const presets = raw === undefined ? [15, 18, 20] : raw;
  if (!Array.isArray(presets) || presets.length === 0)
    return terminalError(TERMINAL_ERROR_CODES.invalid, "Invalid value for param: 'tipPercentPresets'.");
  if (presets.some((p) => p === null || p === ''))
    return terminalError(TERMINAL_ERROR_CODES.invalid, 'Presets list must not contain null or empty entries');
  if (presets.some((p) => !Number.isInteger(Number(p)) || Number(p) < 0))
    return terminalError(TERMINAL_ERROR_CODES.invalid, "Invalid value for param: 'tipPercentPresets'.");
  const inUse = busy(terminal);
  if (inUse) return inUse;
  const shown: Screen = { kind: 'tip', amount, presets: presets.map(Number) };
  const action = await waitForShopper(terminal, shown, desk.shopperTimeoutMs, ['tip']);
  if (action.kind !== 'tip') return stopped(terminal, action);
  terminal.screen = { kind: 'message', text: 'Thank you' };
  return { status: 200, body: { tip: action.tip } };
};

const readSignature: Command = async (_ctx, desk, terminal, body) => {
  const inUse = busy(terminal);
  if (inUse) return inUse;
  const shown: Screen = { kind: 'signature', text: text(body, 'prompt') ?? 'Sign below' };
  const action = await waitForShopper(terminal, shown, desk.shopperTimeoutMs, ['sign']);
  if (action.kind !== 'sign') return stopped(terminal, action);
  terminal.screen = { kind: 'idle' };
  return { status: 200, body: { signature: action.signature } };
};

/** A command that ended without the shopper's answer: cancelled (8) or timed out (1). */
function stopped(terminal: Terminal, action: ShopperAction, authResponse?: object): Reply {
  terminal.screen = { kind: 'idle' };
  const extra = authResponse ? { authResponse } : {};
  if (action.kind === 'timeout')
    return terminalError(TERMINAL_ERROR_CODES.general, 'Terminal request timed out', extra);
  const words = action.kind === 'cancel' && action.by === 'shopper' ? 'Canceled by user' : 'Command Canceled';
  return terminalError(TERMINAL_ERROR_CODES.cancelled, words, extra);
}

const COMMANDS: Record<string, Command> = {
  connect,
  disconnect,
  ping: () => ({ status: 200, body: { connected: true } }),
  listTerminals: () => ({ status: 200 }),
  display: (_ctx, _desk, terminal, body) => {
    terminal.screen = { kind: 'message', text: text(body, 'text') ?? '' };
    return { status: 200 };
  },
  clearDisplay: (_ctx, _desk, terminal) => {
    if (!terminal.pending) terminal.screen = { kind: 'idle' };
    return { status: 200 };
  },
  readCard,
  authCard,
  tip,
  readSignature,
  cancel: (_ctx, _desk, terminal) => {
    terminal.pending?.finish({ kind: 'cancel', by: 'pos' });
    return { status: 200 };
  },
};
