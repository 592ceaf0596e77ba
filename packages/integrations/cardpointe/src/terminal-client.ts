import {
  type AuthCardRequest,
  type CardTerminal,
  type ReadCardRequest,
  type ReadCardResponse,
  TERMINAL_ERROR_CODES,
  type TerminalAuthResponse,
  TerminalCallError,
  type TerminalCallOptions,
  type TerminalFailure,
  type TerminalTarget,
  type TipRequest,
} from './terminal';

/**
 * The CardPointe Integrated Terminal API over HTTP: every command a POST of JSON to `<base>/v2/<command>`,
 * the API key as the raw `Authorization` header (not Basic), the session key in `X-CardConnect-SessionKey`
 * after connect. Failures are TerminalCallError by the service's `errorCode` (terminal.ts). Messages name
 * the command and the terminal's own words, never the API key or card data.
 */

export interface TerminalClientOptions {
  /** `https://<site>.cardpointe.com/api` (terminalBaseUrl), or an emulator's terminalUrl. */
  baseUrl: string;
  /** The Bolt API key, as issued (sent as is). */
  authorization: string;
  /** Commands that do not wait for a shopper. */
  timeoutMs?: number;
  /** Commands that wait for a shopper: the service gives up after 2 minutes, +32 s for an authorisation. */
  shopperTimeoutMs?: number;
  fetch?: typeof fetch;
}

export const SESSION_HEADER = 'X-CardConnect-SessionKey';

/** The terminal service of a CardPointe site. */
export const terminalBaseUrl = (site: string): string =>
  `https://${encodeURIComponent(site)}.cardpointe.com/api`;

const SHOPPER_TIMEOUT_MS = 155_000;
const TIMEOUT_MS = 20_000;

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

function failureOf(errorCode: number | undefined, errorMessage: string): TerminalFailure {
  switch (errorCode) {
    case TERMINAL_ERROR_CODES.invalid:
      return 'invalid';
    case TERMINAL_ERROR_CODES.notConnected:
      return 'not-connected';
    case TERMINAL_ERROR_CODES.inUse:
      return 'in-use';
    case TERMINAL_ERROR_CODES.cancelled:
      return 'cancelled';
    case TERMINAL_ERROR_CODES.voided:
      return 'voided';
    case TERMINAL_ERROR_CODES.general:
      if (/timed out/i.test(errorMessage)) return 'timeout';
      if (/session/i.test(errorMessage)) return 'session';
      return 'error';
    default:
      return 'error';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class TerminalClient implements CardTerminal {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: TerminalClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** One command: its answer's JSON (undefined when empty) and headers; rejects with TerminalCallError. */
  private async send(
    command: string,
    body: Record<string, unknown>,
    sessionKey: string | undefined,
    options: TerminalCallOptions & { shopper?: boolean } = {},
  ): Promise<{ json: unknown; headers: Headers }> {
    const wait = options.shopper
      ? (this.options.shopperTimeoutMs ?? SHOPPER_TIMEOUT_MS)
      : (this.options.timeoutMs ?? TIMEOUT_MS);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? wait);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    let response: Response;
    let text: string;
    try {
      response = await this.fetchFn(`${this.baseUrl}/v2/${command}`, {
        method: 'POST',
        headers: {
          authorization: this.options.authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          ...(sessionKey ? { [SESSION_HEADER]: sessionKey } : {}),
        },
        body: JSON.stringify(defined),
        signal,
      });
      text = await response.text();
    } catch {
      const failure = timeout.aborted || options.signal?.aborted ? 'timeout' : 'network';
      throw new TerminalCallError(failure, `Terminal ${command}: no answer`, { command });
    }
    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (response.status === 401)
      throw new TerminalCallError('unauthorized', `Terminal ${command}: HTTP 401 (check the API key)`, {
        command,
        status: 401,
      });
    if (!response.ok || (isObject(json) && typeof json.errorCode === 'number')) {
      const errorCode = isObject(json) && typeof json.errorCode === 'number' ? json.errorCode : undefined;
      const errorMessage = isObject(json) && typeof json.errorMessage === 'string' ? json.errorMessage : '';
      const authResponse =
        isObject(json) && isObject(json.authResponse)
          ? (json.authResponse as TerminalAuthResponse)
          : undefined;
      throw new TerminalCallError(
        failureOf(errorCode, errorMessage),
        `Terminal ${command}: HTTP ${response.status}${errorMessage ? ` (${errorMessage})` : ''}`,
        {
          command,
          status: response.status,
          ...(errorCode === undefined ? {} : { errorCode }),
          ...(errorMessage ? { errorMessage } : {}),
          ...(authResponse ? { authResponse } : {}),
        },
      );
    }
    return { json, headers: response.headers };
  }

  private async answer<T>(
    command: string,
    json: unknown,
    check: (value: Record<string, unknown>) => boolean,
  ) {
    if (isObject(json) && check(json)) return json as T;
    throw new TerminalCallError(
      'bad-answer',
      `Terminal ${command}: the answer is not of the expected shape`,
      {
        command,
      },
    );
  }

  async connect(target: TerminalTarget & { force?: boolean }) {
    const { headers } = await this.send(
      'connect',
      { merchantId: target.merchantId, hsn: target.hsn, force: yesNo(target.force) },
      undefined,
    );
    // `<key>;expires=<ISO time>`: only the key goes back in later requests
    const raw = headers.get(SESSION_HEADER) ?? '';
    const [sessionKey = '', ...attributes] = raw.split(';').map((part) => part.trim());
    if (!sessionKey)
      throw new TerminalCallError('bad-answer', 'Terminal connect: no session key in the answer', {
        command: 'connect',
      });
    const expires = attributes.find((part) => part.startsWith('expires='))?.slice('expires='.length);
    return { sessionKey, ...(expires ? { expires } : {}) };
  }

  async disconnect(target: TerminalTarget, sessionKey: string): Promise<void> {
    await this.send('disconnect', { ...target }, sessionKey);
  }

  async ping(target: TerminalTarget, sessionKey: string) {
    const { json } = await this.send('ping', { ...target }, sessionKey);
    return this.answer<{ connected: boolean }>('ping', json, (value) => typeof value.connected === 'boolean');
  }

  async listTerminals(merchantId: string): Promise<string[]> {
    const { json } = await this.send('listTerminals', { merchantId }, undefined);
    const answer = await this.answer<{ terminals: string[] }>('listTerminals', json, (value) =>
      Array.isArray(value.terminals),
    );
    return answer.terminals;
  }

  async display(target: TerminalTarget & { text: string }, sessionKey: string): Promise<void> {
    await this.send('display', { ...target }, sessionKey);
  }

  async clearDisplay(target: TerminalTarget, sessionKey: string): Promise<void> {
    await this.send('clearDisplay', { ...target }, sessionKey);
  }

  async readCard(request: ReadCardRequest, sessionKey: string, options?: TerminalCallOptions) {
    const { json } = await this.send('readCard', wire(request), sessionKey, { ...options, shopper: true });
    return this.answer<ReadCardResponse>('readCard', json, (value) => typeof value.token === 'string');
  }

  async authCard(request: AuthCardRequest, sessionKey: string, options?: TerminalCallOptions) {
    const { json } = await this.send('authCard', wire(request), sessionKey, { ...options, shopper: true });
    return this.answer<TerminalAuthResponse>('authCard', json, (value) => typeof value.respstat === 'string');
  }

  async tip(request: TipRequest, sessionKey: string, options?: TerminalCallOptions) {
    const { json } = await this.send('tip', wire(request), sessionKey, { ...options, shopper: true });
    return this.answer<{ tip: string }>('tip', json, (value) => typeof value.tip === 'string');
  }

  async readSignature(
    target: TerminalTarget & { prompt?: string },
    sessionKey: string,
    options?: TerminalCallOptions,
  ) {
    const { json } = await this.send('readSignature', { ...target }, sessionKey, {
      ...options,
      shopper: true,
    });
    return this.answer<{ signature: string }>('readSignature', json, (v) => typeof v.signature === 'string');
  }

  async cancel(target: TerminalTarget, sessionKey: string): Promise<void> {
    await this.send('cancel', { ...target }, sessionKey);
  }
}

/** The API's booleans travel as "true"/"false" strings (its examples); numbers and arrays as they are. */
function wire(request: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(request).map(([key, value]) => [key, typeof value === 'boolean' ? String(value) : value]),
  );
}
