import { randomBytes } from 'node:crypto';
import type { Answer } from '@brigade/integration-kit/emulator/answers';
import {
  type EmulatorRequest as Request,
  startEmulatorServer,
} from '@brigade/integration-kit/emulator/server';
import { openState } from '@brigade/integration-kit/emulator/state-file';
import { E164 } from './client';

/**
 * A local stand-in for Twilio's Programmable Messaging REST API (docs/operations/sms.md#the-emulator), faithful
 * enough that Twilio's own `twilio` package works against it unmodified (set `client.api.baseUrl`): send a
 * message, fetch one, list them. It checks HTTP Basic (the account SID and its auth token, or an API key SID
 * and its secret) and the form as Twilio documents it, and answers Twilio's JSON shapes and error codes:
 * 20003 (authenticate), 20404 (not found), 21602 (no body), 21603 (no sender), 21604 (no `To`), 21211 (not a
 * valid number), 21617 (over 1,600 characters), and Twilio's magic test numbers +15005550001 (21211) and
 * +15005550009 (21614, cannot receive SMS). A message is answered `queued` and is `delivered` when read back;
 * nothing is sent anywhere.
 *
 * Not emulated (unknown or unneeded): status callbacks, media, scheduling, pricing, paging beyond one page.
 * Forcing failures: `injectFailure` (a status with Twilio's code, a Retry-After, or a hang), or the kit's
 * `POST /emulator/faults`. It runs on the kit's emulator server (decision 060); with `stateFile` the texts it
 * accepted and its call count are kept on disk across restarts.
 */

export const EMULATOR_ACCOUNT_SID = `AC${'0'.repeat(31)}1`;
export const EMULATOR_AUTH_TOKEN = 'emulator-auth-token';
export const EMULATOR_FROM = '+15005550006';

export interface TwilioEmulatorOptions {
  port?: number;
  accountSid?: string;
  authToken?: string;
  /** API keys (`SK…` → secret) that may sign in for the account. */
  apiKeys?: Record<string, string>;
  /** Keep the texts accepted and the call count in this file across restarts. */
  stateFile?: string;
}

export interface EmulatedText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  createdAt: Date;
}

export interface InjectedTwilioFailure {
  status?: number;
  code?: number;
  times?: number;
  retryAfterSeconds?: number;
  hang?: boolean;
}

export interface TwilioEmulator {
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages accepted, oldest first. */
  texts: EmulatedText[];
  /** Send attempts received, whatever their outcome. */
  calls: number;
  injectFailure(failure: InjectedTwilioFailure): void;
  close(): Promise<void>;
}

const MORE_INFO = (code: number) => `https://www.twilio.com/docs/errors/${code}`;
const MAX_BODY_BYTES = 64 * 1024;

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const failure = (status: number, code: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { code, message, more_info: MORE_INFO(code), status },
  ...(headers ? { headers } : {}),
});

/** RFC 2822 dates, as Twilio writes them: `Thu, 24 Aug 2023 05:01:45 +0000`. */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

/** SMS segments: 160 GSM characters alone, 153 each when split (70/67 for UCS-2). */
function segmentsOf(body: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: GSM-7's basic set is the printable ASCII range
  const gsm = /^[\x0a\x0d\x20-\x7e£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà]*$/.test(body);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  const length = [...body].length;
  return length <= single ? 1 : Math.ceil(length / part);
}

function resourceOf(text: EmulatedText, accountSid: string, status: 'queued' | 'delivered') {
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: text.body,
    date_created: rfc2822(text.createdAt),
    date_sent: status === 'delivered' ? rfc2822(text.createdAt) : null,
    date_updated: rfc2822(text.createdAt),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: text.from,
    messaging_service_sid: text.messagingServiceSid,
    num_media: '0',
    num_segments: String(segmentsOf(text.body)),
    price: null,
    price_unit: 'USD',
    sid: text.sid,
    status,
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}/Media.json` },
    to: text.to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
  };
}

/** The form's checks, in Twilio's order and words; undefined when the message may be sent. */
function refusal(form: URLSearchParams): Reply | undefined {
  const to = form.get('To');
  if (!to) return failure(400, 21604, "A 'To' phone number is required.");
  if (!form.get('From') && !form.get('MessagingServiceSid'))
    return failure(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
  const body = form.get('Body') ?? '';
  if (!body && !form.get('MediaUrl')) return failure(400, 21602, 'Message body is required.');
  if ([...body].length > 1600)
    return failure(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  if (!E164.test(to) || to === '+15005550001')
    return failure(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  if (to === '+15005550009') return failure(400, 21614, `'To' number ${to} is not a valid mobile number`);
  return undefined;
}

interface EmulatorState {
  accountSid: string;
  secrets: Map<string, string>;
  failures: InjectedTwilioFailure[];
  state: { calls: number };
  texts: EmulatedText[];
}

/** The emulator's answers: HTTP Basic first, then the Messages resource's three routes. */
function router({ accountSid, secrets, failures, state, texts }: EmulatorState) {
  const signedIn = (req: Request): boolean => {
    const match = /^Basic\s+(.+)$/i.exec(req.header('authorization') ?? '');
    if (!match) return false;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon > 0 && secrets.get(decoded.slice(0, colon)) === decoded.slice(colon + 1);
  };

  return (req: Request): Reply | 'hang' => {
    const { url } = req;
    const base = `/2010-04-01/Accounts/${accountSid}/Messages`;
    if (!signedIn(req) || !url.pathname.startsWith('/2010-04-01/Accounts/'))
      return failure(401, 20003, 'Authenticate', { 'www-authenticate': 'Basic realm="Twilio API"' });
    if (req.method === 'POST' && url.pathname === `${base}.json`) {
      state.calls += 1;
      const injected = failures[0];
      if (injected) {
        injected.times = (injected.times ?? 1) - 1;
        if (injected.times <= 0) failures.shift();
        if (injected.hang) return 'hang';
        const status = injected.status ?? 500;
        const code = injected.code ?? (status === 429 ? 20429 : 20500);
        const headers = injected.retryAfterSeconds
          ? { 'retry-after': String(injected.retryAfterSeconds) }
          : undefined;
        return failure(status, code, status === 429 ? 'Too Many Requests' : 'Internal Server Error', headers);
      }
      const raw = req.text;
      if (raw === undefined) return failure(413, 20001, 'Request entity too large');
      const form = new URLSearchParams(raw);
      const refused = refusal(form);
      if (refused) return refused;
      const text: EmulatedText = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to: form.get('To')!,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
        createdAt: new Date(),
      };
      texts.push(text);
      return { status: 201, body: resourceOf(text, accountSid, 'queued') };
    }
    if (req.method === 'GET' && url.pathname === `${base}.json`) return listReply(url, texts, accountSid);
    const one = new RegExp(`^${base}/(SM[0-9a-f]{32})\\.json$`).exec(url.pathname);
    const found = one && texts.find((text) => text.sid === one[1]);
    if (req.method === 'GET' && found)
      return { status: 200, body: resourceOf(found, accountSid, 'delivered') };
    return failure(404, 20404, `The requested resource ${url.pathname} was not found`);
  };
}

/** What the emulator keeps (in its state file when it has one). */
interface Memory {
  calls: number;
  texts: EmulatedText[];
}

export async function startTwilioEmulator(options: TwilioEmulatorOptions = {}): Promise<TwilioEmulator> {
  const accountSid = options.accountSid ?? EMULATOR_ACCOUNT_SID;
  const authToken = options.authToken ?? EMULATOR_AUTH_TOKEN;
  const secrets = new Map<string, string>([
    [accountSid, authToken],
    ...Object.entries(options.apiKeys ?? {}),
  ]);
  const failures: InjectedTwilioFailure[] = [];
  const store = openState<Memory>(
    options.stateFile,
    () => ({ calls: 0, texts: [] }),
    // JSON keeps a date as its text
    (loaded) => ({
      ...loaded,
      texts: loaded.texts.map((text) => ({ ...text, createdAt: new Date(text.createdAt) })),
    }),
  );
  const { state } = store;
  const { texts } = state;
  const route = router({ accountSid, secrets, failures, state, texts });
  const server = await startEmulatorServer({
    name: 'Twilio emulator',
    port: options.port,
    maxBodyBytes: MAX_BODY_BYTES,
    persist: store.save,
    internalError: () => answerOf(failure(500, 20500, 'Internal Server Error')),
    handle: (req, exchange) => {
      const reply = route(req);
      if (reply !== 'hang') return answerOf(reply);
      exchange.hold();
      return undefined;
    },
  });
  return {
    url: server.url,
    accountSid,
    authToken,
    texts,
    get calls() {
      return state.calls;
    },
    injectFailure: (f) => failures.push({ ...f }),
    close: server.close,
  };
}

function listReply(url: URL, texts: EmulatedText[], accountSid: string): Reply {
  const size = Math.min(1000, Math.max(1, Number(url.searchParams.get('PageSize') ?? 50) || 50));
  const to = url.searchParams.get('To');
  const from = url.searchParams.get('From');
  const chosen = texts
    .filter((text) => (!to || text.to === to) && (!from || text.from === from))
    .reverse()
    .slice(0, size);
  const uri = `/2010-04-01/Accounts/${accountSid}/Messages.json?PageSize=${size}&Page=0`;
  return {
    status: 200,
    body: {
      messages: chosen.map((text) => resourceOf(text, accountSid, 'delivered')),
      end: Math.max(0, chosen.length - 1),
      first_page_uri: uri,
      next_page_uri: null,
      page: 0,
      page_size: size,
      previous_page_uri: null,
      start: 0,
      uri,
    },
  };
}

const answerOf = (reply: Reply): Answer => ({
  status: reply.status,
  headers: reply.headers,
  text: reply.body === undefined ? '' : JSON.stringify(reply.body),
  contentType: 'application/json; charset=utf-8',
});
