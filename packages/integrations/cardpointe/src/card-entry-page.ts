import { randomBytes } from 'node:crypto';
import { CARD_ENTRY_SCRIPT } from './card-entry-script';
import type { Reply } from './emulator-answers';

/**
 * The emulator's hosted card-entry page at CardPointe's iFrame Tokenizer path (/itoke/ajax-tokenizer.html).
 * A payment page frames it; the card number never touches the page around it. Like the real tokenizer it
 * has no button of its own: it tokenises the card with the emulator's CardSecure endpoint as the fields
 * change (card-entry-script.ts) and posts the token to its parent, whose own Pay button takes it from
 * there. The URL parameters of the real tokenizer that it follows are in CardEntryOptions; others are
 * ignored. The CVV is not posted: it is kept with the token inside the emulator.
 */

export const CARD_ENTRY_PATH = '/itoke/ajax-tokenizer.html';
export const TOKENIZE_PATH = '/cardsecure/api/v1/ccn/tokenize';

/**
 * What the card-entry frame does with a card, for tests and benches that pay without a browser: tokenises
 * the number at the gateway's (or the emulator's) CardSecure endpoint at `origin` and answers the token.
 */
export async function tokenizeCard(origin: string, card: string): Promise<string> {
  const answer = await fetch(`${origin}${TOKENIZE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: card }),
  });
  return ((await answer.json()) as { token: string }).token;
}

/** The iFrame Tokenizer's URL parameters the emulator follows (`true` turns a flag on). */
export interface CardEntryOptions {
  /** Expiry month and year drop-downs (this year and the next 20); the expiry is posted as YYYYMM. */
  useexpiry: boolean;
  /** With useexpiry: text fields (MM, YYYY) instead of drop-downs. */
  useexpiryfield: boolean;
  /** A CVV field; the card is tokenised once a 3-4 digit CVV is given. */
  usecvv: boolean;
  /** Also tokenise once typing pauses (phones rarely blur a field), after `inactivityto` ms. */
  tokenizewheninactive: boolean;
  inactivityto: number;
  /** Group the card number in fours as it is typed. */
  formatinput: boolean;
  /** Post `{"validationError": …}` to the parent for an invalid entry. */
  invalidinputevent: boolean;
  /** The name the token is posted under (default `message`). */
  tokenpropname: string;
  /** CSS for the page (`<` is dropped so it cannot close its style element; at most 4000 characters). */
  css: string;
}

const DEFAULT_INACTIVITY_MS = 500;

export function cardEntryOptions(params: URLSearchParams): CardEntryOptions {
  const flag = (name: string) => params.get(name) === 'true';
  const inactivity = Number(params.get('inactivityto'));
  const tokenpropname = params.get('tokenpropname') ?? '';
  return {
    useexpiry: flag('useexpiry'),
    useexpiryfield: flag('useexpiryfield'),
    usecvv: flag('usecvv'),
    tokenizewheninactive: flag('tokenizewheninactive'),
    inactivityto:
      Number.isInteger(inactivity) && inactivity > 0 && inactivity <= 60_000
        ? inactivity
        : DEFAULT_INACTIVITY_MS,
    formatinput: flag('formatinput'),
    invalidinputevent: flag('invalidinputevent'),
    tokenpropname: /^[A-Za-z0-9]{1,30}$/.test(tokenpropname) ? tokenpropname : 'message',
    css: (params.get('css') ?? '').replace(/</g, '').slice(0, 4000),
  };
}

const STYLE = `
  body { font: 16px/1.4 system-ui, sans-serif; margin: 0; padding: 8px; color: #1a1a1a; background: #fff; }
  form { display: grid; gap: 10px; max-width: 420px; }
  .field { display: grid; gap: 4px; min-width: 0; align-content: end; }
  label { font-weight: 600; font-size: 14px; }
  input, select { font: inherit; padding: 8px; border: 1px solid #767676; border-radius: 6px; width: 100%; min-width: 0; height: 2.6rem; box-sizing: border-box; background: #fff; color: inherit; }
  input:focus-visible, select:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 1px; }
  .error { border-color: #a51d2d; border-width: 2px; }
  .row { display: grid; grid-template-columns: repeat(auto-fit, minmax(4.25rem, 1fr)); gap: 8px; }
  [role=alert] { color: #a51d2d; margin: 0; }
  [role=alert]:empty { display: none; }
`;

const field = (id: string, label: string, control: string) =>
  `<div class="field"><label for="${id}">${label}</label>${control}</div>`;

function expiryFields(options: CardEntryOptions, thisYear: number): string {
  if (options.useexpiryfield)
    return (
      field(
        'ccexpirymonth',
        'Expiry month',
        '<input id="ccexpirymonth" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" placeholder="MM">',
      ) +
      field(
        'ccexpiryyear',
        'Expiry year',
        '<input id="ccexpiryyear" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" placeholder="YYYY">',
      )
    );
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
  const years = Array.from({ length: 21 }, (_, i) => String(thisYear + i));
  const options_ = (values: string[], placeholder: string) =>
    `<option value="">${placeholder}</option>${values.map((v) => `<option value="${v}">${v}</option>`).join('')}`;
  return (
    field(
      'ccexpirymonth',
      'Expiry month',
      `<select id="ccexpirymonth" autocomplete="cc-exp-month">${options_(months, 'MM')}</select>`,
    ) +
    field(
      'ccexpiryyear',
      'Expiry year',
      `<select id="ccexpiryyear" autocomplete="cc-exp-year">${options_(years, 'YYYY')}</select>`,
    )
  );
}

function page(nonce: string, options: CardEntryOptions, thisYear: number): string {
  const config = {
    ...options,
    tokenizePath: TOKENIZE_PATH,
    css: undefined,
  };
  const row =
    (options.useexpiry ? expiryFields(options, thisYear) : '') +
    (options.usecvv
      ? field(
          'cccvvfield',
          'Security code (CVV)',
          '<input id="cccvvfield" inputmode="numeric" autocomplete="cc-csc" maxlength="4">',
        )
      : '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style nonce="${nonce}">${STYLE}</style>
${options.css ? `<style nonce="${nonce}">${options.css}</style>` : ''}
</head>
<body>
<form id="card" novalidate>
  ${field('ccnumfield', 'Card number', '<input id="ccnumfield" inputmode="numeric" autocomplete="cc-number" maxlength="23">')}
  ${row ? `<div class="row">${row}</div>` : ''}
  <p id="error" role="alert" aria-live="assertive"></p>
</form>
<script type="application/json" id="config">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>
<script nonce="${nonce}">${CARD_ENTRY_SCRIPT}</script>
</body>
</html>`;
}

/**
 * The page for the request's URL parameters, framable by any origin, its inline script and styles allowed
 * by a nonce of this answer only.
 */
export function cardEntryPage(params: URLSearchParams = new URLSearchParams()): Reply {
  const nonce = randomBytes(16).toString('base64');
  return {
    status: 200,
    html: page(nonce, cardEntryOptions(params), new Date().getUTCFullYear()),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `style-src 'nonce-${nonce}'`,
        "connect-src 'self'",
        "form-action 'none'",
        "base-uri 'none'",
        'frame-ancestors *',
      ].join('; '),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  };
}
