/**
 * The hosted card-entry frame's messages (the iframe-tokenizer pattern of CardPointe, which the emulator
 * serves too): card numbers are typed into the gateway's page and only a token comes back by postMessage.
 * Shared by the management app's virtual terminal and the public sites' checkout.
 */

/** What the hosted card-entry frame last told us: a card token with its expiry, or a problem. */
export type CardEntryState =
  | { kind: 'empty' }
  | { kind: 'token'; token: string; expiry: string }
  | { kind: 'invalid'; message: string };

/**
 * The frame's expiry as MMYY: CardPointe's tokenizer posts it as YYYYMM (from its month and year fields);
 * MMYY is read as it is; anything else is no expiry ('').
 */
function expiryOf(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (/^\d{4}(0[1-9]|1[0-2])$/.test(value)) return `${value.slice(4)}${value.slice(2, 4)}`;
  return /^(0[1-9]|1[0-2])\d{2}$/.test(value) ? value : '';
}

/**
 * Reads one message of the frame: a JSON string `{"message":"<token>","expiry":"YYYYMM"}` (or MMYY) or
 * `{"validationError":"..."}`. Anything else is not the frame's and is ignored (null).
 */
export function readCardEntryMessage(data: unknown): CardEntryState | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const message = parsed as { message?: unknown; expiry?: unknown; validationError?: unknown };
  if (typeof message.validationError === 'string' && message.validationError !== '')
    return { kind: 'invalid', message: message.validationError };
  if (typeof message.message === 'string' && /^\d{12,19}$/.test(message.message))
    return { kind: 'token', token: message.message, expiry: expiryOf(message.expiry) };
  if (message.message === '') return { kind: 'empty' };
  return null;
}
