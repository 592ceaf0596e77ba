import {
  DOMAIN_MESSAGES,
  type DomainType,
  normalizeDomain,
  subdomainOutsideBaseMessage,
  subdomainSchema,
} from './domain-mapping';

/**
 * The host names the platform keeps for itself (docs/decisions/040-platform-names-and-input-bounds.md): its
 * base domain (BRIGADE_BASE_DOMAIN), `www` and the reserved labels under it, and the hosts of its own
 * addresses (PUBLIC_URL, BRIGADE_APP_ORIGINS). Nobody maps them, site administrators included, and host
 * resolution never answers for them.
 */

/**
 * Labels under the base domain that no restaurant may take (BRIGADE_RESERVED_SUBDOMAINS replaces the list):
 * the platform's own apps, ports and paths (auth, admin, api, menu, manage, media, site), the names mail,
 * DNS and autoconfiguration clients guess, and names that would pass for the platform's own pages.
 */
export const DEFAULT_RESERVED_SUBDOMAINS = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'autoconfig',
  'autodiscover',
  'billing',
  'cdn',
  'dashboard',
  'docs',
  'ftp',
  'help',
  'imap',
  'login',
  'mail',
  'manage',
  'management',
  'media',
  'menu',
  'mx',
  'ns1',
  'ns2',
  'pop',
  'restaurant',
  'signin',
  'signup',
  'site',
  'smtp',
  'static',
  'status',
  'support',
  'webmail',
  'www',
] as const;

/** `www` under the base domain is always the platform's: host resolution pairs www and apex names. */
const ALWAYS_RESERVED = 'www';

export interface PlatformDomains {
  /** Lower-cased, without a trailing dot. */
  baseDomain: string;
  /** Lower-cased labels directly under the base domain, `www` always among them. */
  reservedLabels: ReadonlySet<string>;
  /** The platform's own host names (without ports). */
  ownHosts: ReadonlySet<string>;
}

export function platformDomainsOf(input: {
  baseDomain: string;
  reservedLabels?: readonly string[] | undefined;
  ownHosts?: readonly string[] | undefined;
}): PlatformDomains {
  const labels = (input.reservedLabels ?? DEFAULT_RESERVED_SUBDOMAINS).map((label) => label.toLowerCase());
  return {
    baseDomain: normalizeDomain(input.baseDomain),
    reservedLabels: new Set([...labels, ALWAYS_RESERVED]),
    ownHosts: new Set((input.ownHosts ?? []).map(normalizeDomain)),
  };
}

/** Ours (issue 42): a name under the base domain is one restaurant's subdomain, never a custom domain. */
export const customUnderBaseMessage = (baseDomain: string) =>
  `A name under ${baseDomain} can only be mapped as a subdomain`;

/** The part of `name` under the base domain (`a.b` of `a.b.<base>`), or null when it is not under it. */
function partUnderBase(name: string, platform: PlatformDomains): string | null {
  const suffix = `.${platform.baseDomain}`;
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : null;
}

/**
 * Whether the platform keeps `host` for itself: the base domain, anything under a reserved label of it
 * (`www.<base>`, `api.<base>`, `x.admin.<base>`), or one of its own hosts.
 */
export function isPlatformHost(host: string, platform: PlatformDomains): boolean {
  const name = normalizeDomain(host);
  if (name === platform.baseDomain || platform.ownHosts.has(name)) return true;
  const under = partUnderBase(name, platform);
  if (under === null) return false;
  return platform.reservedLabels.has(under.slice(under.lastIndexOf('.') + 1));
}

/**
 * What a new mapping's name must be (docs/behaviour/domains-and-public-sites.md#names-the-platform-keeps):
 * never a platform name ("Cannot use reserved domain"); a subdomain is one label under the base domain; a
 * custom domain is outside it (the base domain's names are the platform's, handed out as subdomains only).
 */
export function platformMappingErrors(
  domain: string,
  domainType: DomainType,
  platform: PlatformDomains,
): string[] {
  const name = normalizeDomain(domain);
  if (isPlatformHost(name, platform)) return [DOMAIN_MESSAGES.reserved];
  const under = partUnderBase(name, platform);
  if (domainType === 'custom') return under === null ? [] : [customUnderBaseMessage(platform.baseDomain)];
  if (under === null) return [subdomainOutsideBaseMessage(platform.baseDomain)];
  const result = subdomainSchema.safeParse(under);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/**
 * The host names that may hold a mapping for `host`: itself, then its www / apex counterpart — unless that
 * counterpart is the platform's (the www of the base domain never answers for the base domain, nor the
 * other way round). A platform host has none.
 */
export function lookupHostsFor(host: string, platform?: PlatformDomains): string[] {
  const lower = normalizeDomain(host);
  if (platform && isPlatformHost(lower, platform)) return [];
  const twin = lower.startsWith('www.') ? lower.slice(4) : `www.${lower}`;
  return platform && isPlatformHost(twin, platform) ? [lower] : [lower, twin];
}
