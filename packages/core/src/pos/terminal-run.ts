import { type TerminalAuthResponse, TerminalCallError } from '@brigade/cardpointe/terminal';
import { formatAmount, parseDecimalAmount } from '@brigade/domain/payments/amount';
import { updateTransaction } from '../payments/index';
import type { CardIntent, PosCardDeps } from './card-sale';
import type { DeviceRow } from './device-repository';
import type { RegisterPlace } from './register';
import { terminalKeyContext } from './terminal-pairing';

/**
 * The terminal's part of a card sale: a session (forced: the register owns its terminal), the tip on the
 * terminal's screen when the restaurant takes tips, then authCard with capture for the check's total and tip,
 * under the intent's order id — or, when the tip is written on the receipt (`tipLater`), authCard without
 * capture and without a tip screen. Answers the gateway's authorisation, or the terminal's failure.
 */

const HEARTBEAT_MS = 30_000;

export type TerminalOutcome = { answer: TerminalAuthResponse; tip: number } | { failure: unknown };

export function terminalOf(deps: PosCardDeps, device: DeviceRow, site: string) {
  const apiKey = deps.secrets().open(device.terminalKey!, terminalKeyContext(device));
  return { client: deps.terminal(apiKey, site), hsn: device.terminalHsn! };
}

export async function runOnTerminal(
  deps: PosCardDeps,
  place: RegisterPlace,
  intent: CardIntent,
  total: number,
  tipLater = false,
): Promise<TerminalOutcome> {
  let session: string | null = null;
  const { client, hsn } = terminalOf(deps, place.device, intent.account.site);
  const target = { merchantId: intent.account.merchantId, hsn };
  // The shopper may take minutes: the intent is touched while this request lives, so the reconciliation
  // sweep (which settles intents untouched for 2 minutes) never takes one whose terminal is still waiting.
  const heartbeat = setInterval(() => {
    const { pending } = intent;
    deps.transact((tx) => updateTransaction(tx, pending, pending.transactionId, {})).catch(() => {});
  }, HEARTBEAT_MS);
  try {
    session = (await client.connect({ ...target, force: true })).sessionKey;
    // a tip written on the receipt later: no tip screen, and the card is authorised only (decision 068)
    const tip =
      !tipLater && place.tipPresets.length > 0
        ? await askTip(deps, intent, client, target, session, place, total)
        : 0;
    const answer = await client.authCard(
      {
        ...target,
        amount: formatAmount(total + tip),
        capture: !tipLater,
        includeSignature: true,
        includeAmountDisplay: true,
        beep: true,
        aid: 'credit',
        orderId: intent.pending.paymentOrderId,
      },
      session,
    );
    return { answer, tip };
  } catch (failure) {
    return { failure };
  } finally {
    clearInterval(heartbeat);
    // best effort: the session ends by itself after 10 minutes
    if (session) await client.disconnect(target, session).catch(() => {});
  }
}

/** The tip the shopper chose on the terminal (cents); the intent's amount grows by it before authCard. */
async function askTip(
  deps: PosCardDeps,
  intent: CardIntent,
  client: ReturnType<typeof terminalOf>['client'],
  target: { merchantId: string; hsn: string },
  session: string,
  place: RegisterPlace,
  total: number,
): Promise<number> {
  const { tip: chosen } = await client.tip(
    {
      ...target,
      amount: formatAmount(total),
      tipPercentPresets: place.tipPresets,
      includeAmountDisplay: true,
    },
    session,
  );
  const tip = parseDecimalAmount(chosen);
  if (tip === undefined || tip < 0)
    throw new TerminalCallError('bad-answer', 'Terminal tip: the tip is not an amount', { command: 'tip' });
  if (tip > 0) {
    const pending = intent.pending;
    intent.pending = await deps.transact((tx) =>
      updateTransaction(tx, pending, pending.transactionId, { amount: total + tip, tipAmount: tip }),
    );
  }
  return tip;
}
