import { randomBytes } from 'node:crypto';
import type { Reply } from './emulator-answers';

/**
 * The emulator's hosted card-entry page at CardPointe's iFrame Tokenizer path (/itoke/ajax-tokenizer.html).
 * A payment page frames it; the card number never touches the page around it. On "Use this card" the frame
 * tokenises the number with the emulator's CardSecure endpoint and posts to its parent, as CardPointe does,
 * the JSON text `{"message":"<token>","expiry":"<MMYY>"}`, or `{"validationError":"<text>"}`. The CVV is
 * not posted: it is kept with the token inside the emulator.
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

const STYLE = `
  body { font: 16px/1.4 system-ui, sans-serif; margin: 0; padding: 12px; color: #1a1a1a; background: #fff; }
  form { display: grid; gap: 10px; max-width: 360px; }
  label { display: grid; gap: 4px; font-weight: 600; font-size: 14px; }
  input { font: inherit; padding: 8px 10px; border: 1px solid #767676; border-radius: 6px; width: 100%; min-width: 0; box-sizing: border-box; }
  input:focus-visible, button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 1px; }
  .row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 10px; }
  button { font: inherit; padding: 10px; border: 0; border-radius: 6px; background: #1a5fb4; color: #fff; }
  [role=alert] { color: #a51d2d; min-height: 1.4em; margin: 0; }
`;

const SCRIPT = `
  const form = document.getElementById('card');
  const error = document.getElementById('error');
  const post = (message) => window.parent.postMessage(JSON.stringify(message), '*');
  const fail = (text) => { error.textContent = text; post({ validationError: text }); };
  const submit = form.querySelector('button');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const account = form.account.value.replace(/\\D/g, '');
    const expiry = form.expiry.value.replace(/\\D/g, '');
    const cvv = form.cvv.value.replace(/\\D/g, '');
    if (!/^(0[1-9]|1[0-2])\\d{2}$/.test(expiry)) return fail('Enter the expiry as MMYY');
    if (cvv && !/^\\d{3,4}$/.test(cvv)) return fail('The security code is 3 or 4 digits');
    try {
      const response = await fetch('${TOKENIZE_PATH}', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cvv ? { account, cvv } : { account }),
      });
      const answer = await response.json();
      if (answer.errorcode !== '0' || !answer.token) return fail(answer.message || 'Invalid card number');
      form.account.value = answer.token;
      post({ message: answer.token, expiry });
    } catch {
      fail('The card could not be checked; try again');
    }
  });
  // Usable once the form is handled here: a click before this line would have submitted nowhere.
  submit.disabled = false;
`;

function page(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<form id="card" novalidate>
  <label>Card number
    <input name="account" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
  </label>
  <div class="row">
    <label>Expiry (MMYY)
      <input name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MMYY" required>
    </label>
    <label>Security code (CVV)
      <input name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4">
    </label>
  </div>
  <p id="error" role="alert" aria-live="assertive"></p>
  <button type="submit" disabled>Use this card</button>
</form>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>`;
}

/** The page, framable by any origin, its inline script and style allowed by a nonce of this answer only. */
export function cardEntryPage(): Reply {
  const nonce = randomBytes(16).toString('base64');
  return {
    status: 200,
    html: page(nonce),
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
