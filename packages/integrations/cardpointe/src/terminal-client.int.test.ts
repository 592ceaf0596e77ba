import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardPointeClient } from './client';
import { type CardPointeEmulator, startCardPointeEmulator } from './emulator';
import { TerminalCallError } from './terminal';
import { TerminalClient } from './terminal-client';

// Our Integrated Terminal client against the emulator over real HTTP: sessions, the commands that wait for the
// shopper (acted out through the emulator's shopper controls, as the terminal page's buttons do), the
// documented errors, and authCard's capture as a gateway transaction that inquire and void know.

const MERCHID = '496160873888';
const HSN = 'C032UQ03960189';
const target = { merchantId: MERCHID, hsn: HSN };
let emulator: CardPointeEmulator;
let terminal: TerminalClient;
let gateway: CardPointeClient;

beforeAll(async () => {
  emulator = await startCardPointeEmulator({
    terminal: {
      apiKey: 'test-key',
      shopperTimeoutMs: 1_500,
      terminals: [
        { hsn: HSN, merchantId: MERCHID },
        { hsn: 'SECOND-HSN', merchantId: MERCHID },
        { hsn: 'OFFLINE-HSN', merchantId: MERCHID },
      ],
    },
  });
  terminal = new TerminalClient({ baseUrl: emulator.terminalUrl, authorization: 'test-key' });
  gateway = new CardPointeClient({ baseUrl: emulator.restUrl, username: 'testing', password: 'testing123' });
  await shopper('OFFLINE-HSN', 'online', { online: false });
});
afterAll(async () => emulator?.close());

async function shopper(hsn: string, control: string, body: object = {}) {
  const answer = await fetch(`${emulator.url}/terminal/${hsn}/${control}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function screen(hsn = HSN) {
  return (await (await fetch(`${emulator.url}/terminal/${hsn}/screen`)).json()) as {
    waitingFor: string[];
    screen: Record<string, unknown>;
  };
}

/** Waits until the terminal waits for `what` (the command's request has reached it). */
async function until(what: string, hsn = HSN) {
  for (let i = 0; i < 100; i++) {
    if ((await screen(hsn)).waitingFor.includes(what)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`terminal never waited for ${what}`);
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TerminalCallError);
  return error as TerminalCallError;
}

async function session() {
  return (await terminal.connect({ ...target, force: true })).sessionKey;
}

describe('sessions', () => {
  it('lists the terminals, connects with a session key that expires, pings, displays and disconnects', async () => {
    expect(await terminal.listTerminals(MERCHID)).toEqual([HSN, 'SECOND-HSN', 'OFFLINE-HSN']);
    const opened = await terminal.connect({ ...target, force: true });
    expect(opened.sessionKey).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(opened.expires!)).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await terminal.ping(target, opened.sessionKey)).toEqual({ connected: true });
    await terminal.display({ ...target, text: 'Welcome to Brigade' }, opened.sessionKey);
    expect((await screen()).screen).toEqual({ kind: 'message', text: 'Welcome to Brigade' });
    await terminal.clearDisplay(target, opened.sessionKey);
    expect((await screen()).screen).toEqual({ kind: 'idle' });
    await terminal.disconnect(target, opened.sessionKey);
    const after = await failure(terminal.ping(target, opened.sessionKey));
    expect(after.details).toMatchObject({
      errorCode: 1,
      errorMessage: `Session key for hsn ${HSN} was not valid`,
    });
  });

  it('refuses a second POS without force (in use), and force ends the first session', async () => {
    const first = await session();
    const refused = await failure(terminal.connect({ ...target, force: false }));
    expect(refused.failure).toBe('in-use');
    expect(refused.details).toMatchObject({
      status: 500,
      errorCode: 7,
      errorMessage: `Terminal ${HSN} is already in use`,
    });
    const second = await session();
    expect(second).not.toBe(first);
    expect((await failure(terminal.ping(target, first))).failure).toBe('session');
  });

  it('answers the documented errors: no session key, wrong API key, a terminal not connected', async () => {
    const noKey = await failure(terminal.ping(target, ''));
    expect(noKey.details).toMatchObject({ errorCode: 1, errorMessage: 'SessionKey header is required' });
    const wrong = new TerminalClient({ baseUrl: emulator.terminalUrl, authorization: 'nope' });
    expect((await failure(wrong.connect(target))).failure).toBe('unauthorized');
    const offline = await failure(terminal.connect({ merchantId: MERCHID, hsn: 'OFFLINE-HSN' }));
    expect(offline.failure).toBe('not-connected');
    expect(offline.details.errorMessage).toBe('Terminal OFFLINE-HSN is not connected');
    expect((await failure(terminal.connect({ merchantId: '800000000009', hsn: HSN }))).failure).toBe(
      'invalid',
    );
  });
});

describe('authCard', () => {
  it('waits for the card, captures at the gateway, and the gateway knows the retref (inquire, void)', async () => {
    const key = await session();
    const answer = terminal.authCard(
      { ...target, amount: '23.50', capture: true, includeAmountDisplay: true, orderId: 'POS-T-1' },
      key,
    );
    await until('card');
    expect((await screen()).screen).toMatchObject({ kind: 'card', amount: '23.50' });
    expect((await shopper(HSN, 'card', { pan: '4111111111111111', entry: 'tap' })).status).toBe(200);
    const auth = await answer;
    expect(auth).toMatchObject({
      respstat: 'A',
      amount: '23.50',
      orderid: 'POS-T-1',
      entrymode: 'Contactless',
    });
    expect(auth.authcode).toBeTruthy();
    expect(auth.token).toMatch(/^94\d+1111$/);
    expect(JSON.stringify(auth)).not.toContain('4111111111111111');
    const inquiry = await gateway.inquire(auth.retref!, MERCHID);
    expect(inquiry.setlstat).toBe('Queued for Capture');
    expect((await gateway.inquireByOrderid('POS-T-1', MERCHID))[0]?.retref).toBe(auth.retref);
    expect((await gateway.void({ merchid: MERCHID, retref: auth.retref! })).respstat).toBe('A');
  });

  it('answers a decline with the gateway text, and asks for a signature only when approved', async () => {
    const key = await session();
    const declined = terminal.authCard(
      { ...target, amount: '10.00', capture: true, includeSignature: true },
      key,
    );
    await until('card');
    await shopper(HSN, 'card', { pan: '4387751111111038' });
    expect(await declined).toMatchObject({ respstat: 'C', resptext: 'Do Not Honor' });
    const signed = terminal.authCard(
      { ...target, amount: '10.00', capture: true, includeSignature: true },
      key,
    );
    await until('card');
    await shopper(HSN, 'card', { pan: '5454545454545454' });
    await until('sign');
    await shopper(HSN, 'sign');
    expect((await signed).signature).toMatch(/^[A-Za-z0-9+/=]+$/);
  });

  it('is cancelled by the POS or by the shopper (errorCode 8) and times out (errorCode 1)', async () => {
    const key = await session();
    const byPos = terminal.authCard({ ...target, amount: '5.00', capture: true }, key);
    await until('card');
    // a second command while one waits: the terminal is busy
    expect((await failure(terminal.readCard({ ...target, amount: '1.00' }, key))).failure).toBe('in-use');
    await terminal.cancel(target, key);
    expect((await failure(byPos)).details).toMatchObject({ errorCode: 8, errorMessage: 'Command Canceled' });
    const byShopper = terminal.authCard({ ...target, amount: '5.00', capture: true }, key);
    await until('card');
    await shopper(HSN, 'cancel');
    const cancelled = await failure(byShopper);
    expect(cancelled.failure).toBe('cancelled');
    expect(cancelled.details.errorMessage).toBe('Canceled by user');
    const late = await failure(terminal.authCard({ ...target, amount: '5.00', capture: true }, key));
    expect(late.failure).toBe('timeout');
    expect(late.details).toMatchObject({
      status: 500,
      errorCode: 1,
      errorMessage: 'Terminal request timed out',
    });
  });

  it('refuses an amount it cannot read', async () => {
    const key = await session();
    const bad = await failure(terminal.authCard({ ...target, amount: 'ten' }, key));
    expect(bad.details).toMatchObject({ errorCode: 3, errorMessage: "Invalid value for param: 'amount'." });
  });
});

describe('tip, readCard and readSignature', () => {
  it('offers the tip presets and answers the chosen tip', async () => {
    const key = await session();
    const tip = terminal.tip({ ...target, amount: '20.00', tipPercentPresets: [15, 18, 20] }, key);
    await until('tip');
    expect((await screen()).screen).toEqual({ kind: 'tip', amount: '20.00', presets: [15, 18, 20] });
    await shopper(HSN, 'tip', { tip: '3.60' });
    expect(await tip).toEqual({ tip: '3.60' });
    const bad = await failure(
      terminal.tip({ ...target, amount: '20.00', tipPercentPresets: [15, ''] as never }, key),
    );
    expect(bad.details.errorMessage).toBe('Presets list must not contain null or empty entries');
  });

  it('reads a card as a token and a signature as an image', async () => {
    const key = await session();
    const read = terminal.readCard({ ...target, amount: '12.00' }, key);
    await until('card');
    await shopper(HSN, 'card', { pan: '4111111111111111' });
    const card = await read;
    expect(card.token).toMatch(/^94\d+1111$/);
    expect(card.expiry).toMatch(/^\d{4}$/);
    const sign = terminal.readSignature({ ...target, prompt: 'Sign here' }, key);
    await until('sign');
    expect((await screen()).screen).toEqual({ kind: 'signature', text: 'Sign here' });
    await shopper(HSN, 'sign');
    expect((await sign).signature.length).toBeGreaterThan(20);
  });

  it('shows the terminal page with its shopper buttons', async () => {
    const page = await (await fetch(`${emulator.url}/terminal/${HSN}`)).text();
    expect(page).toContain('Insert, tap or swipe');
    expect(page).toContain('Visa — approved');
    expect(page).toContain('Cancel on the terminal');
    expect((await shopper(HSN, 'sign')).status).toBe(409);
  });
});
