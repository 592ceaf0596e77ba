import type { CatalogueWriteDeps } from '@brigade/core/catalogue/catalogue-service';
import type { MenuTreeCache } from '@brigade/core/catalogue/menu-resolver';
import type { PrinterAddressPolicy } from '@brigade/core/catalogue/printer-addresses';
import type { ScopeCache } from '@brigade/core/catalogue/scope-cache';
import type { ChangeFeed } from '@brigade/core/changes/change-feed';
import type { DomainLog, DomainUseCaseDeps } from '@brigade/core/domains/domain-deps';
import type { HostCache } from '@brigade/core/domains/resolution-service';
import type { TxtResolver } from '@brigade/core/domains/verification-service';
import type { IdentityDeps } from '@brigade/core/identity/auth-service';
import type { SessionCache } from '@brigade/core/identity/session-cache';
import type { FunnelTally } from '@brigade/core/ordering/funnel';
import type { PrinterTransport } from '@brigade/core/ordering/kitchen-printing';
import type { OrderFeed } from '@brigade/core/ordering/order-feed';
import type { UseCaseDeps } from '@brigade/core/use-case';
import type { Database } from '@brigade/db/database';
import type { PlatformDomains } from '@brigade/domain/platform-domains';
import type { HostingClient } from '@brigade/hosting/hosting-client';
import type { ImageStorage } from '@brigade/images/storage';
import type { BusinessListingRuntime } from './business-listing-runtime';
import type { Config } from './config';
import type { LlmRuntime } from './llm-runtime';
import type { PaymentsRuntime } from './payments-runtime';
import type { PlacesRuntime } from './places-runtime';
import type { SmsRuntime } from './sms-runtime';

/** What handlers may use: passed explicitly, never read from globals. */
export interface AppDeps {
  config: Config;
  database: Database;
  version: string;
  identity: IdentityDeps;
  /** Live sessions in memory, dropped by the identity feed (issue 20; session-cache.ts). */
  sessions: SessionCache;
  /** Domain mappings (issue 5): the host cache of resolution and tls-ask, and how changes are announced. */
  domains: DomainDeps;
  /** Where uploaded images are stored (issue 7). */
  imageStorage: ImageStorage;
  /** This server process, among the instances sharing the database (instance-presence.ts). */
  instanceId: string;
  /** The register passcodes' pepper, derived from SECRETS_KEY when first needed (decision 062). */
  passcodePepper: () => Uint8Array;
  /**
   * What changed (decision 011): the database's triggers announce every committed write to a restaurant,
   * its catalogue, tenants, domains and the site configuration; handlers publish their own writes here too.
   */
  changes: ChangeFeed;
  /** Writes to orders, their kitchen tickets and bumps, heard from every instance (the live screens). */
  orderFeed: OrderFeed;
  /** Resolved menus by restaurant version (issue 6). */
  menuCache: MenuTreeCache;
  /** Menu views and quotes of the ordering funnel, added to the database every half minute and at close. */
  funnel: FunnelTally;
  /** Restaurants' scopes (time zone, version) in memory, dropped by the change feed (issue 20). */
  scopes: ScopeCache;
  /** The payment gateway (or its emulator) and the sealed box for merchant credentials (issue 16). */
  payments: PaymentsRuntime;
  /** Google Places (or its emulator), with this process's cache counters (issue 18). */
  places: PlacesRuntime;
  /** The language model (or its emulator, or none: the local drafter) of AI review-reply drafts (issue 19). */
  llm: LlmRuntime;
  /** Who sends text messages (sms-runtime.ts). */
  sms: SmsRuntime;
  /** Google Business Profile (or its emulator) (issue 19). */
  businessListing: BusinessListingRuntime;
  /** How kitchen tickets reach the restaurants' network printers (issue 21). */
  kitchenPrinter: PrinterTransport;
  /** Where a printer may be on this deployment (decision 040): this machine only with the development switch. */
  printerAddresses: PrinterAddressPolicy;
}

/**
 * What every use-case gets (docs/decisions/021-use-case-shape.md): the database handle of this request, which
 * is the request's transaction when it runs in one (contract-routes.ts). Built per request for that reason.
 */
export const useCaseDeps = (deps: AppDeps): UseCaseDeps => ({ db: deps.database.db });

/** What the catalogue's writes get: the request's database and where a printer may be. */
export const catalogueWriteDeps = (deps: AppDeps): CatalogueWriteDeps => ({
  ...useCaseDeps(deps),
  printerAddresses: deps.printerAddresses,
});

/** What the domain use-cases get: the request's database and this instance's domain parts, with its logger. */
export const domainUseCaseDeps = (deps: AppDeps, log?: DomainLog): DomainUseCaseDeps => ({
  ...useCaseDeps(deps),
  platform: deps.domains.platform,
  hostCache: deps.domains.hostCache,
  resolver: deps.domains.resolver,
  onChange: deps.domains.onChange,
  hosting: deps.domains.hosting,
  log,
});

export interface DomainDeps {
  /** The base domain of subdomains and the names the platform keeps (decision 040). */
  platform: PlatformDomains;
  hostCache: HostCache;
  /** DNS lookups of ownership verification, on DNS_SERVERS when configured. */
  resolver: TxtResolver;
  /** Clears the host cache here at once (other instances hear the change feed). */
  onChange: () => Promise<void>;
  /** The hosting provider's client (the emulator, started on first use, when no token is configured). */
  hosting: () => Promise<HostingClient>;
  /** Resolves once this instance listens for other instances' changes. */
  ready: Promise<void>;
  close: () => Promise<void>;
}
