import type { CheckoutLimits } from '@brigade/domain/ordering/checkout-limits';
import type { KioskOrderLimit } from '@brigade/domain/pos/kiosk';
import type { BusinessListingConfig } from './config-business-listing';
import type { CdnConfig } from './config-cdn';
import type { SmsConfig } from './config-sms';

/** The configuration the server runs with, as loadConfig (config.ts) builds it from the environment. */
export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Where migrations run (the tables' owner); DATABASE_URL when unset. */
  migrationUrl: string | undefined;
  /**
   * PostgreSQL straight, not through a pooler: LISTEN, session advisory locks, migrations without
   * migrationUrl, the side connection (decision 064); DATABASE_URL when unset.
   */
  listenUrl: string | undefined;
  dataDir: string;
  poolMax: number;
  logLevel: string;
  seedDemo: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (sign-in throttling counts by it):
   * false, true (any sender), or the proxies' addresses (Fastify's `trustProxy`).
   */
  trustProxy: TrustProxy;
  /** Where people reach this deployment (production); reset links and allowed origins derive from it. */
  publicUrl: string | undefined;
  /** A second port that serves the auth app at /auth/ (auth on 3000 in development). */
  authAppPort: number | undefined;
  /** A port that serves the site administration app at /admin/ (admin on 3001 in development). */
  adminAppPort: number | undefined;
  /** Ports that serve the management app at /manage/ (3005), the menu display at /menu/ (3003) and the
   * public restaurant sites (3004) in development; undefined means not opened. */
  managementAppPort: number | undefined;
  menuAppPort: number | undefined;
  sitePort: number | undefined;
  /** Origins of Brigade's apps: where sign-in may return to and which browser origins may write. */
  appOrigins: string[];
  /** The auth app's address (the auth service, default path /auth). */
  authUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Session cookies get the Secure flag everywhere but plain-HTTP development and tests. */
  secureCookies: boolean;
  /** The domain generated restaurant subdomains live under. */
  baseDomain: string;
  /** Labels under the base domain no restaurant may take (decision 040); `www` is added always. */
  reservedSubdomains: string[];
  /** Name servers for DNS TXT ownership checks; empty means the system's. */
  dnsServers: string[];
  /** The hosting provider: its API and token, or null to use the in-process emulator. */
  hosting: { apiUrl: string; token: string; projectId: string; teamId: string | undefined } | null;
  hostingProjectId: string;
  /** Where uploaded images go (issue 7): files under `dir` served at `baseUrl`, or an S3-compatible bucket. */
  media: MediaConfig;
  /** How long a connection may take over each part of a request (decision 017); 0 turns a limit off. */
  http: HttpLimits;
  /** SECRETS_KEY, decoded; undefined in development (a generated key in the data dir is used instead). */
  secretsKey: Uint8Array | undefined;
  /** How long a payment or order in checkout may go without a change before the checkout sweep settles it. */
  checkoutQuietSeconds: number;
  /** The pause between two gateway calls of the daily settlement and funding import (ms). */
  gatewayReportsPauseMs: number;
  /** Where the register may call its print bridge: Content-Security-Policy `connect-src` sources. */
  printBridgeSources: string[];
  /** How long a kiosk order to pay at the counter waits before the `kiosk.unpaid` job closes it as abandoned. */
  kioskUnpaidMinutes: number;
  /** Days the audit log and the mail outbox keep their rows (0: for ever); the `retention.prune` job. */
  retention: { auditLogDays: number; mailOutboxDays: number };
  cardpointe: {
    /** The local emulator stands in for the gateway (the default outside production). */
    emulator: boolean;
    /** Every merchant account's gateway origin when set; otherwise its site's. */
    url: string | undefined;
    timeoutMs: number;
    /** The pause before reconciliation attempt n is n times this. */
    reconcilePauseMs: number;
  };
  /** Google Places API (New) (docs/operations/places.md). */
  places: {
    /** GOOGLE_PLACES_API_KEY: a secret, never logged or answered (`apiKey` is on the log's redaction list). */
    apiKey: string | undefined;
    /** No key outside production: the in-process emulator answers (started on first use). */
    emulator: boolean;
    /** The API's base, `https://places.googleapis.com/v1` unless GOOGLE_PLACES_URL says otherwise. */
    url: string;
    timeoutMs: number;
    /** Searches (text and nearby) that reach Google per tenant a day (PLACES_DAILY_SEARCHES_PER_TENANT). */
    dailySearchesPerTenant: number;
  };
  /** The public checkout's limits (docs/behaviour/ordering.md#checkout-limits), CHECKOUT_* variables. */
  checkoutLimits: CheckoutLimits;
  /** New orders one kiosk may place in a window (docs/behaviour/kiosk.md#limits). */
  kioskOrderLimit: KioskOrderLimit;
  /** The language model that drafts review replies (docs/operations/llm.md). */
  llm: LlmConfig;
  /** Text messages through Twilio (docs/operations/sms.md). */
  sms: SmsConfig;
  /** A CDN in front of the public sites: surrogate keys and purges (docs/operations/cdn.md). */
  cdn: CdnConfig;
  /** Google Business Profile (docs/operations/business-profile.md). */
  businessListing: BusinessListingConfig;
  /** The TCP port kitchen tickets are sent to on the restaurants' network printers (raw ESC/POS, 9100). */
  kitchenPrinterPort: number;
  /**
   * Development and tests only (refused in production): a printer may be this machine (loopback or one of its
   * own addresses), e.g. a printer emulator on localhost. Off by default (decision 040).
   */
  kitchenPrinterAllowLocal: boolean;
  /** How long a cloud printer (CloudPRNT, Epson SDP) has to collect a document, then to confirm it (s). */
  cloudPrintCollectSeconds: number;
}

export interface LlmConfig {
  /**
   * `remote`: the OpenAI-compatible server at LLM_BASE_URL; `emulator`: the in-process emulator (no URL,
   * outside production); `local`: no model, the local drafter writes drafts (production without a URL, or
   * LLM_EMULATOR=off).
   */
  mode: 'remote' | 'emulator' | 'local';
  /** LLM_BASE_URL without a trailing slash: the part before `/chat/completions`. */
  baseUrl: string | undefined;
  /** LLM_API_KEY: a secret, never logged or answered (`apiKey` is on the log's redaction list). */
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface HttpLimits {
  /** The whole request head must arrive within this (Node's headersTimeout; 408 then). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (Node's requestTimeout; 408 then). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (longer than a load balancer's idle timeout). */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic at all for this long is destroyed (Fastify's connectionTimeout). */
  idleTimeoutMs: number;
  /** How often Node looks for requests over the headers and request limits. */
  timeoutCheckIntervalMs: number;
}

export type MediaConfig =
  | { storage: 'local'; dir: string; baseUrl: string }
  | {
      storage: 's3';
      baseUrl: string;
      s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
    };

export type TrustProxy = boolean | string[];
