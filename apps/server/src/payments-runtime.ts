import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CardPointeClient, gatewayBaseUrl } from '@brigade/cardpointe/client';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import type { CardPointeGateway } from '@brigade/cardpointe/gateway';
import type { GatewayAccount, PaymentDeps } from '@brigade/core/payments/payment-deps';
import { createSealedBox, developmentSecretsKey, type SealedBox } from '@brigade/core/secrets/sealed-box';
import { BrigadeError } from '@brigade/domain/errors';
import type { Config } from './config';

/**
 * The payment gateway's side of the running server (docs/operations/cardpointe.md): the real CardPointe sites,
 * or — when CARDPOINTE_EMULATOR is on (the default outside production) — the local emulator, started on
 * first use, which every merchant account then talks to, hosted card-entry page included.
 */
export interface PaymentsRuntime {
  mode: 'gateway' | 'emulator';
  gateway(account: GatewayAccount): CardPointeGateway;
  gatewayOrigin(account: { site: string; environment: 'uat' | 'production' }): Promise<string>;
  secrets(): SealedBox;
  /** The emulator (started on first call) when it stands in for the gateway; null otherwise. */
  emulator(): Promise<CardPointeEmulator> | null;
  /** Milliseconds to wait before reconciliation attempt n (tests set 0). */
  pauseMs: (attempt: number) => number;
  close(): Promise<void>;
}

export function createPaymentsRuntime(config: Config): PaymentsRuntime {
  const { cardpointe } = config;
  let emulator: Promise<CardPointeEmulator> | undefined;
  const startEmulator = () => {
    emulator ??= startCardPointeEmulator();
    return emulator;
  };
  const origin = async (account: { site: string; environment: 'uat' | 'production' }) => {
    if (cardpointe.emulator) return (await startEmulator()).url;
    if (cardpointe.url) return cardpointe.url;
    return new URL(gatewayBaseUrl(account.site, account.environment === 'uat')).origin;
  };
  let box: SealedBox | undefined;
  return {
    mode: cardpointe.emulator ? 'emulator' : 'gateway',
    gatewayOrigin: origin,
    gateway: (account) =>
      deferred(
        origin(account).then(
          (base) =>
            new CardPointeClient({
              baseUrl: `${base}/cardconnect/rest`,
              username: account.username,
              password: account.password,
              writeMethod: account.writeMethod,
              timeoutMs: cardpointe.timeoutMs,
            }),
        ),
      ),
    secrets: () => {
      box ??= createSealedBox(secretsKeyOf(config));
      return box;
    },
    emulator: () => (cardpointe.emulator ? startEmulator() : null),
    pauseMs: (attempt) => cardpointe.reconcilePauseMs * attempt,
    close: async () => {
      await (await emulator)?.close();
    },
  };
}

function secretsKeyOf(config: Config): Uint8Array {
  if (config.secretsKey) return config.secretsKey;
  // Tests: a key of their own that no file keeps.
  if (config.env === 'test') return randomBytes(32);
  if (config.env === 'production')
    throw new BrigadeError(
      'unavailable',
      'SECRETS_KEY_MISSING',
      'SECRETS_KEY is not configured: payment credentials cannot be stored',
    );
  return developmentSecretsKey(join(config.dataDir, 'secrets.key'));
}

/** A gateway whose client is still being made (the emulator starting): each call waits for it. */
function deferred(client: Promise<CardPointeGateway>): CardPointeGateway {
  return new Proxy({} as CardPointeGateway, {
    get:
      (_target, name) =>
      async (...args: unknown[]) => {
        const ready = (await client) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
        return ready[name]!.apply(ready, args);
      },
  });
}

/** The payments use-cases' deps for one request: each step a short transaction under the request's walls. */
export function paymentDepsOf(
  runtime: PaymentsRuntime,
  base: Pick<PaymentDeps, 'db' | 'transact'>,
): PaymentDeps {
  return {
    ...base,
    gateway: runtime.gateway,
    gatewayOrigin: runtime.gatewayOrigin,
    secrets: runtime.secrets,
    randomBytes: (size) => randomBytes(size),
    pause: async (attempt) => {
      const ms = runtime.pauseMs(attempt);
      if (ms > 0) await sleep(ms);
    },
  };
}
