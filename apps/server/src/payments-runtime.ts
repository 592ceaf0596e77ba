import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CardPointeClient, gatewayBaseUrl } from '@brigade/cardpointe/client';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import type { CardPointeGateway } from '@brigade/cardpointe/gateway';
import { cardPointeProvider } from '@brigade/cardpointe/provider';
import type { CardTerminal } from '@brigade/cardpointe/terminal';
import { TerminalClient, terminalBaseUrl } from '@brigade/cardpointe/terminal-client';
import { getMerchantAccount, saveMerchantAccount } from '@brigade/core/payments/merchant-account-service';
import type { GatewayAccount, PaymentDeps } from '@brigade/core/payments/payment-deps';
import { createSealedBox, type SealedBox } from '@brigade/core/secrets/sealed-box';
import { SYSTEM } from '@brigade/core/use-case';
import type { PaymentProvider } from '@brigade/domain/payments/provider-port';
import { startOnFirstUse } from '@brigade/integration-kit/start-on-first-use';
import type { Config } from './config';
import { secretsKeyOf } from './secrets-key';

/**
 * The payment gateway's side of the running server (docs/operations/cardpointe.md): the real CardPointe sites,
 * or — when CARDPOINTE_EMULATOR is on (the default outside production) — the local emulator, started on
 * first use, which every merchant account then talks to, hosted card-entry page included.
 */
export interface PaymentsRuntime {
  mode: 'gateway' | 'emulator';
  gateway(account: GatewayAccount): CardPointeGateway;
  /** The account's processor behind the provider port (decision 061): CardPointe's adapter over `gateway`. */
  provider(account: GatewayAccount): PaymentProvider;
  gatewayOrigin(account: { site: string; environment: 'uat' | 'production' }): Promise<string>;
  secrets(): SealedBox;
  /** The Integrated Terminal service's client for a terminal API key (the emulator's terminals when it stands in). */
  terminal(apiKey: string, site: string): CardTerminal;
  /** The emulator (started on first call) when it stands in for the gateway; null otherwise. */
  emulator(): Promise<CardPointeEmulator> | null;
  /** Milliseconds to wait before reconciliation attempt n (tests set 0). */
  pauseMs: (attempt: number) => number;
  close(): Promise<void>;
}

export function createPaymentsRuntime(
  config: Config,
  startEmulatorWith: () => Promise<CardPointeEmulator> = () => startCardPointeEmulator(),
): PaymentsRuntime {
  const { cardpointe } = config;
  const emulator = startOnFirstUse('the CardPointe emulator', startEmulatorWith, (started) =>
    started.close(),
  );
  const startEmulator = () => emulator.get();
  const origin = async (account: { site: string; environment: 'uat' | 'production' }) => {
    if (cardpointe.emulator) return (await startEmulator()).url;
    if (cardpointe.url) return cardpointe.url;
    return new URL(gatewayBaseUrl(account.site, account.environment === 'uat')).origin;
  };
  let box: SealedBox | undefined;
  return {
    mode: cardpointe.emulator ? 'emulator' : 'gateway',
    gatewayOrigin: origin,
    provider(account) {
      return cardPointeProvider(this.gateway(account), account.merchantId);
    },
    gateway: gatewayCache((account) =>
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
    ),
    secrets: () => {
      box ??= createSealedBox(secretsKeyOf(config, 'payment credentials cannot be stored'));
      return box;
    },
    terminal: (apiKey, site) =>
      deferredTerminal(
        (cardpointe.emulator
          ? startEmulator().then((started) => started.terminalUrl)
          : // CARDPOINTE_URL sends the terminal's calls to the same origin (an emulator or a proxy)
            Promise.resolve(cardpointe.url ? `${cardpointe.url}/api` : terminalBaseUrl(site))
        ).then((baseUrl) => new TerminalClient({ baseUrl, authorization: apiKey })),
      ),
    emulator: () => (cardpointe.emulator ? startEmulator() : null),
    pauseMs: (attempt) => cardpointe.reconcilePauseMs * attempt,
    close: () => emulator.close(),
  };
}

const GATEWAY_CACHE_LIMIT = 256;

/**
 * One gateway client per merchant id, kept between requests and made anew when the account's site,
 * environment, write method or credentials change (compared by a SHA-256 fingerprint, so the map never holds a
 * second copy of a password): a changed merchant account is never served by the client of its old settings.
 * At most GATEWAY_CACHE_LIMIT clients, least recently used dropped first; a client whose making failed (the
 * emulator did not start) is dropped, so the next call tries again.
 */
export function gatewayCache(
  make: (account: GatewayAccount) => CardPointeGateway & { ready?: Promise<unknown> },
  limit = GATEWAY_CACHE_LIMIT,
): (account: GatewayAccount) => CardPointeGateway {
  const clients = new Map<string, { fingerprint: string; gateway: CardPointeGateway }>();
  return (account) => {
    const fingerprint = createHash('sha256')
      .update(
        JSON.stringify([
          account.site,
          account.environment,
          account.writeMethod,
          account.username,
          account.password,
        ]),
      )
      .digest('hex');
    const held = clients.get(account.merchantId);
    clients.delete(account.merchantId);
    if (held?.fingerprint === fingerprint) {
      clients.set(account.merchantId, held);
      return held.gateway;
    }
    const gateway = make(account);
    const entry = { fingerprint, gateway };
    clients.set(account.merchantId, entry);
    gateway.ready?.catch(() => {
      if (clients.get(account.merchantId) === entry) clients.delete(account.merchantId);
    });
    if (clients.size > limit) clients.delete(clients.keys().next().value!);
    return gateway;
  };
}

/** A gateway whose client is still being made (the emulator starting): each call waits for it. */
function deferred(client: Promise<CardPointeGateway>): CardPointeGateway & { ready: Promise<unknown> } {
  const ready = client.then(() => undefined);
  ready.catch(() => {}); // the calls report it; `ready` only tells the cache
  return new Proxy({ ready } as CardPointeGateway & { ready: Promise<unknown> }, {
    get: (target, name) =>
      name === 'ready'
        ? target.ready
        : async (...args: unknown[]) => {
            const ready = (await client) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
            return ready[name]!.apply(ready, args);
          },
  });
}

/** A terminal client still being made (the emulator starting): each command waits for it. */
function deferredTerminal(client: Promise<CardTerminal>): CardTerminal {
  client.catch(() => {}); // each command reports it
  return new Proxy({} as CardTerminal, {
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
    // read at each call, so a test may put another provider in the runtime (provider-port.int.test.ts)
    provider: (account) => runtime.provider(account),
    gatewayOrigin: runtime.gatewayOrigin,
    secrets: runtime.secrets,
    randomBytes: (size) => randomBytes(size),
    pause: async (attempt) => {
      const ms = runtime.pauseMs(attempt);
      if (ms > 0) await sleep(ms);
    },
  };
}

/** The emulator's demo merchant (its default credentials), connected to each demo restaurant that has none. */
export const EMULATOR_MERCHANT = {
  merchid: '496160873888',
  site: 'fts',
  environment: 'uat',
  username: 'testing',
  password: 'testing123',
  writeMethod: 'PUT',
  enabled: true,
} as const;

export async function connectDemoMerchantAccounts(
  runtime: PaymentsRuntime,
  db: PaymentDeps['db'],
  restaurants: readonly { tenantId: number; restaurantId: number }[],
): Promise<void> {
  if (runtime.mode !== 'emulator') return;
  const deps = paymentDepsOf(runtime, { db, transact: (work) => work(db) });
  for (const { tenantId, restaurantId } of restaurants) {
    if (await getMerchantAccount(deps, SYSTEM, { tenantId, restaurantId })) continue;
    await saveMerchantAccount(deps, SYSTEM, { tenantId, restaurantId, ...EMULATOR_MERCHANT });
  }
}
