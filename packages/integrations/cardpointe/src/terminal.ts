/**
 * What Brigade asks of a CardPointe Integrated Terminal ("Bolt") — docs/operations/cardpointe.md#the-terminal:
 * a session per terminal (connect answers its key in the `X-CardConnect-SessionKey` header), then commands that
 * wait for the shopper (readCard, authCard, tip, readSignature) and commands that do not (ping, display,
 * clearDisplay, cancel, disconnect). The real client (terminal-client.ts) and the emulator speak the same wire.
 *
 * Card numbers never come back: readCard and authCard answer CardSecure tokens, the gateway's authorisation
 * answer (retref, authcode, respstat…) and, with a signature, its image as base64.
 */

/** The API's fields as the terminal service takes them: strings for booleans and amounts, as documented. */
export interface TerminalTarget {
  merchantId: string;
  hsn: string;
}

export interface AuthCardRequest extends TerminalTarget {
  /** Dollars and cents as the API writes them, e.g. "25.00". */
  amount: string;
  capture?: boolean;
  includeSignature?: boolean;
  includeAmountDisplay?: boolean;
  beep?: boolean;
  aid?: 'credit' | 'debit';
  includeAVS?: boolean;
  includePIN?: boolean;
  confirmAmount?: boolean;
  /** Unique per authorisation: the terminal service voids by it when the gateway's answer is lost. */
  orderId?: string;
  clearDisplayDelay?: number;
}

export interface ReadCardRequest extends TerminalTarget {
  amount?: string;
  includeSignature?: boolean;
  includeAmountDisplay?: boolean;
  beep?: boolean;
  aid?: 'credit' | 'debit';
  confirmAmount?: boolean;
}

export interface TipRequest extends TerminalTarget {
  amount: string;
  /** Whole percentages offered on the screen, e.g. [15, 18, 20]. */
  tipPercentPresets?: number[];
  includeAmountDisplay?: boolean;
}

/** The gateway's authorisation answer inside authCard's answer (and inside some errors). */
export interface TerminalAuthResponse {
  token?: string;
  expiry?: string;
  name?: string;
  retref?: string;
  amount?: string;
  resptext?: string;
  respcode?: string;
  respstat?: string;
  respproc?: string;
  authcode?: string;
  merchid?: string;
  avsresp?: string;
  cvvresp?: string;
  batchid?: string;
  orderid?: string;
  entrymode?: string;
  signature?: string;
  [extra: string]: unknown;
}

export interface ReadCardResponse {
  token: string;
  expiry?: string;
  name?: string;
  signature?: string;
}

/** A terminal command's failure, as the terminal service says it (`errorCode`, `errorMessage`). */
export type TerminalFailure =
  | 'unauthorized'
  | 'session'
  | 'invalid'
  | 'not-connected'
  | 'in-use'
  | 'cancelled'
  | 'timeout'
  | 'voided'
  | 'error'
  | 'network'
  | 'bad-answer';

/** Documented error codes: 1 session or timeout, 3 invalid parameter, 6 not connected, 7 in use, 8 cancelled. */
export const TERMINAL_ERROR_CODES = {
  general: 1,
  invalid: 3,
  notConnected: 6,
  inUse: 7,
  cancelled: 8,
  unexpected: 10,
  voided: 900,
} as const;

export class TerminalCallError extends Error {
  constructor(
    readonly failure: TerminalFailure,
    message: string,
    readonly details: {
      status?: number;
      command: string;
      errorCode?: number;
      errorMessage?: string;
      /** An authorisation the gateway made before the command was cancelled or timed out. */
      authResponse?: TerminalAuthResponse;
    },
  ) {
    super(message);
    this.name = 'TerminalCallError';
  }
}

export interface TerminalCallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface CardTerminal {
  /** Opens a session; `force` ends another POS's session (and its command in flight). */
  connect(target: TerminalTarget & { force?: boolean }): Promise<{ sessionKey: string; expires?: string }>;
  disconnect(target: TerminalTarget, sessionKey: string): Promise<void>;
  ping(target: TerminalTarget, sessionKey: string): Promise<{ connected: boolean }>;
  listTerminals(merchantId: string): Promise<string[]>;
  display(target: TerminalTarget & { text: string }, sessionKey: string): Promise<void>;
  clearDisplay(target: TerminalTarget, sessionKey: string): Promise<void>;
  readCard(
    request: ReadCardRequest,
    sessionKey: string,
    options?: TerminalCallOptions,
  ): Promise<ReadCardResponse>;
  authCard(
    request: AuthCardRequest,
    sessionKey: string,
    options?: TerminalCallOptions,
  ): Promise<TerminalAuthResponse>;
  tip(request: TipRequest, sessionKey: string, options?: TerminalCallOptions): Promise<{ tip: string }>;
  readSignature(
    target: TerminalTarget & { prompt?: string },
    sessionKey: string,
    options?: TerminalCallOptions,
  ): Promise<{ signature: string }>;
  cancel(target: TerminalTarget, sessionKey: string): Promise<void>;
}
