import type { PlatformDomains } from '@brigade/domain/platform-domains';
import type { UseCaseDeps } from '../use-case';
import type { ProjectDomains } from './domain-setup-service';
import type { HostCache } from './resolution-service';
import type { TxtResolver } from './verification-service';

/** What public resolution and the certificate check need besides the database: the host cache. */
export interface ResolutionDeps extends UseCaseDeps {
  hostCache: HostCache;
}

/**
 * What the domain use-cases reach outside themselves (docs/decisions/021-use-case-shape.md): the database, the
 * platform's names (base domain of subdomains, reserved names), who to tell of changes, the host cache, the DNS resolver of ownership
 * verification and the hosting provider's client.
 */
export interface DomainUseCaseDeps extends ResolutionDeps {
  /**
   * Generated subdomains live under the configured base domain; the names the platform keeps
   * (the base domain, its reserved labels, its own hosts) are never mapped (decision 040).
   */
  platform: PlatformDomains;
  /** Called after every committed change (the resolution cache is invalidated through it). */
  onChange: () => void | Promise<void>;
  /** DNS lookups of ownership verification. */
  resolver: TxtResolver;
  /** The hosting provider's project-domain calls (started on first use). */
  hosting: () => Promise<ProjectDomains>;
  /** Structured log lines (the request's logger): hand changes of statuses, bulk failures, undo failures. */
  log?: DomainLog | undefined;
}

export interface DomainLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
