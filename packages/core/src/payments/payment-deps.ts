import type { CardPointeGateway } from '@brigade/cardpointe/gateway';
import type { Executor } from '@brigade/db/database';
import { BrigadeError } from '@brigade/domain/errors';
import type { PaymentProvider } from '@brigade/domain/payments/provider-port';
import { IntegrationError } from '@brigade/integration-kit/http';
import type { SealedBox } from '../secrets/index';
import type { UseCaseDeps } from '../use-case';

/** A merchant account as the gateway client needs it: where, and the opened credentials. */
export interface GatewayAccount {
  merchantId: string;
  site: string;
  environment: 'uat' | 'production';
  writeMethod: 'PUT' | 'POST';
  username: string;
  password: string;
}

/**
 * What the payments use-cases reach (decision 021): the database only through `transact` — each step a short
 * transaction of its own under the request's walls, since a gateway call may take 35 seconds and must never
 * hold a transaction open — the gateway client for an account, the sealed box, and randomness for order ids.
 */
export interface PaymentDeps extends UseCaseDeps {
  transact<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  /** The account's processor behind the provider port (decision 061): what taking and moving money uses. */
  provider(account: GatewayAccount): PaymentProvider;
  /**
   * CardPointe's own client, for what only CardPointe offers and the port does not name yet: stored profiles,
   * funding, surcharge and BIN look-ups, signatures (decision 061 lists them).
   */
  gateway(account: GatewayAccount): CardPointeGateway;
  /** `https://<site>[-uat].cardconnect.com`, or the local emulator's origin when it stands in. */
  gatewayOrigin(account: { site: string; environment: 'uat' | 'production' }): Promise<string>;
  secrets(): SealedBox;
  randomBytes(size: number): Uint8Array;
  /** Waits before reconciliation attempt `attempt` (1, 2, 3): the gateway needs a moment to know. */
  pause(attempt: number): Promise<void>;
}

export class GatewayProblem extends BrigadeError {
  constructor(
    kind: ConstructorParameters<typeof BrigadeError>[0],
    code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(kind, code, message);
  }
}

/** A failed gateway call as the API says it: never the gateway's raw words, never a 500. */
export function gatewayProblem(error: unknown): BrigadeError {
  if (error instanceof BrigadeError) return error;
  if (!(error instanceof IntegrationError))
    return new GatewayProblem('bad_gateway', 'GATEWAY_ERROR', 'The payment gateway call failed; try again');
  // the kit's shared category (decision 060): the same words as every other service's failures
  switch (error.category) {
    case 'unauthorized':
      return new GatewayProblem(
        'bad_gateway',
        'GATEWAY_UNAUTHORIZED',
        "The payment gateway refused the merchant account's credentials; check them in the payment settings",
      );
    case 'rate-limited': {
      const ms = error.facts.retryAfterMs;
      const seconds = ms === undefined ? 60 : Math.ceil(ms / 1000);
      return new GatewayProblem(
        'rate_limited',
        'GATEWAY_RATE_LIMITED',
        `The payment gateway is limiting requests; try again in ${seconds} seconds`,
        seconds,
      );
    }
    case 'timeout':
      return new GatewayProblem(
        'gateway_timeout',
        'GATEWAY_TIMEOUT',
        'The payment gateway did not answer in time',
      );
    case 'network':
      return new GatewayProblem(
        'bad_gateway',
        'GATEWAY_UNREACHABLE',
        'The payment gateway cannot be reached',
      );
    case 'bad-request':
    case 'not-found':
      return new GatewayProblem('bad_gateway', 'GATEWAY_REJECTED', 'The payment gateway refused the request');
    case 'bad-answer':
      return new GatewayProblem(
        'bad_gateway',
        'GATEWAY_BAD_ANSWER',
        "The payment gateway's answer could not be read",
      );
    default:
      return new GatewayProblem(
        'bad_gateway',
        'GATEWAY_ERROR',
        `The payment gateway failed (HTTP ${error.facts.status ?? '?'}); try again`,
      );
  }
}

/**
 * No usable answer, but the request may have reached the processor (timeout, network, a 5xx, an unreadable
 * answer): only the payment order id can tell what happened.
 */
export const mayHaveBeenProcessed = (error: unknown): boolean =>
  error instanceof IntegrationError &&
  ['timeout', 'network', 'server', 'bad-answer'].includes(error.category);

/** Why a call brought no answer, for a transaction's event: the kit's category. */
export const failureOf = (error: unknown): string =>
  error instanceof IntegrationError ? error.category : 'error';
