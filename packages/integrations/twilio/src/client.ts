import {
  categoryOfStatus,
  exchange,
  IntegrationError,
  type IntegrationErrorKind,
  NoAnswerError,
  retryAfterMs,
} from '@brigade/integration-kit/http';

/**
 * Brigade's client of Twilio's Programmable Messaging (docs/operations/sms.md): one call, send a text.
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP Basic with the account SID (or an
 * API key SID) and its secret. The client does not retry: the `sms.deliver` job does, with the queue's backoff
 * (a message Twilio took is never sent again by the client). The secret stays in this object; no message or
 * error carries it, or the text's body.
 */

export interface TwilioOptions {
  /** `https://api.twilio.com` (or the emulator's address). */
  baseUrl: string;
  /** `AC…`: the account the messages are sent from. */
  accountSid: string;
  /** The account's auth token, or an API key's secret with `apiKeySid`. */
  authToken: string;
  /** `SK…`: sign in with an API key instead of the account SID. */
  apiKeySid?: string | undefined;
  /** The sender: an E.164 number (`+15551234567`) or a messaging service (`MG…`). */
  from: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface SentText {
  /** Twilio's message SID (`SM…`). */
  sid: string;
  /** Twilio's status word at acceptance (`queued`, `accepted`, `sending`…). */
  status: string;
}

/** A failed send: the shared category, Twilio's numeric error code (e.g. 21211) and the HTTP status. */
export class TwilioError extends IntegrationError {
  constructor(
    category: IntegrationErrorKind,
    message: string,
    status?: number,
    code?: string,
    waitMs?: number,
  ) {
    super(category, message, { service: 'Twilio', call: 'sendText', status, code, retryAfterMs: waitMs });
    this.name = 'TwilioError';
  }
}

/** Twilio's error body: `{code, message, more_info, status}`; only the numeric code is kept. */
function twilioCodeOf(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'number' && Number.isInteger(code) ? String(code) : undefined;
  } catch {
    return undefined;
  }
}

export class TwilioClient {
  readonly #options: TwilioOptions;

  constructor(options: TwilioOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  }

  /** Sends one text; answers Twilio's SID, or throws a TwilioError. */
  async send(to: string, body: string, signal?: AbortSignal): Promise<SentText> {
    const o = this.#options;
    const form = new URLSearchParams({ To: to, Body: body });
    form.set(o.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', o.from);
    const user = o.apiKeySid ?? o.accountSid;
    let answer: Awaited<ReturnType<typeof exchange>>;
    try {
      answer = await exchange({
        url: `${o.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(o.accountSid)}/Messages.json`,
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${user}:${o.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        timeoutMs: o.timeoutMs ?? 10_000,
        signal,
        fetch: o.fetch,
      });
    } catch (error) {
      if (error instanceof NoAnswerError)
        throw new TwilioError(error.reason === 'timeout' ? 'timeout' : 'network', `Twilio: ${error.message}`);
      throw error;
    }
    if (!answer.ok) {
      const code = twilioCodeOf(answer.text);
      const wait = answer.status === 429 || answer.status >= 500 ? retryAfterMs(answer.headers) : undefined;
      throw new TwilioError(
        categoryOfStatus(answer.status),
        `Twilio answered ${answer.status}${code ? ` (error ${code})` : ''}`,
        answer.status,
        code,
        wait,
      );
    }
    return readSent(answer.text);
  }
}

function readSent(text: string): SentText {
  try {
    const parsed = JSON.parse(text) as { sid?: unknown; status?: unknown };
    if (typeof parsed.sid === 'string' && parsed.sid)
      return { sid: parsed.sid, status: typeof parsed.status === 'string' ? parsed.status : 'queued' };
  } catch {
    // falls through to the bad answer below
  }
  throw new TwilioError('bad-answer', 'Twilio answered without a message SID');
}

/** An E.164 phone number: `+`, a country code, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/;
