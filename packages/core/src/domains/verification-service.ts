import { Resolver } from 'node:dns/promises';
import type { Actor } from '@brigade/domain/access';
import {
  type DomainMapping,
  isUsable,
  mappingNotFoundMessage,
  needsSslRenewal,
  needsVerification,
  protocolFor,
  verificationRecordName,
} from '@brigade/domain/domain-mapping';
import { notFound } from '@brigade/domain/errors';
import { userIdOf } from '../use-case';
import type { DomainUseCaseDeps } from './domain-deps';
import { recordVerificationAttempt } from './domain-mapping-repository';
import { getDomainMapping } from './domain-mapping-service';

/** The one DNS query ownership verification makes. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/** A resolver on the configured servers ("ip" or "ip:port"), or the system's when none are given. */
export function createTxtResolver(servers: readonly string[] = []): TxtResolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

export interface VerificationStatus {
  domain: string;
  verified: boolean;
  verificationAttempts: number;
  lastVerificationAttempt: Date | null;
  verificationError: string | null;
  /** The TXT record ownership takes (none for subdomains): what to create when verification failed. */
  dnsRecords: { type: 'TXT'; name: string; value: string }[];
}

/**
 * Ownership of a custom domain (issue 5): a TXT record at `_brigade-verification.<domain>` holding the
 * mapping's verificationToken. Every attempt is recorded (count, time, error); success sets the mapping
 * verified, failure sets it failed (status changes are direct). Subdomains are verified already.
 */
export async function verifyDomainOwnership(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: { guid: string },
): Promise<{ mapping: DomainMapping; verification: VerificationStatus }> {
  const { guid } = input;
  const mapping = await getDomainMapping(deps, actor, { guid });
  const name = verificationRecordName(mapping.domain);
  const token = mapping.verificationToken ?? '';
  const record = { type: 'TXT' as const, name, value: token };
  if (mapping.domainType === 'subdomain') {
    return { mapping, verification: statusOf(mapping, []) };
  }
  let error: string | null = null;
  try {
    const found = (await deps.resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    if (!token || !found.includes(token)) {
      error = `TXT record ${name} does not contain the verification token`;
    }
  } catch (cause) {
    const code = (cause as { code?: string }).code ?? 'ERROR';
    error =
      code === 'ENOTFOUND' || code === 'ENODATA'
        ? `TXT record ${name} not found`
        : `DNS lookup of ${name} failed (${code})`;
  }
  const updated = await recordVerificationAttempt(
    deps.db,
    guid,
    { verificationStatus: error ? 'failed' : 'verified', verificationError: error },
    userIdOf(actor),
  );
  await deps.onChange();
  if (!updated) throw notFound(mappingNotFoundMessage(guid), 'DOMAIN_MAPPING_NOT_FOUND');
  return {
    mapping: updated.mapping,
    // The record the domain needs, verified or not: after a failure it is what to create (issue 22).
    verification: statusOf(updated.mapping, [record]),
  };
}

const statusOf = (
  mapping: DomainMapping,
  dnsRecords: VerificationStatus['dnsRecords'],
): VerificationStatus => ({
  domain: mapping.domain,
  verified: mapping.verificationStatus === 'verified',
  verificationAttempts: mapping.hostingConfig.verificationAttempts,
  lastVerificationAttempt: mapping.hostingConfig.lastVerificationAttempt,
  verificationError: mapping.hostingConfig.verificationError,
  dnsRecords,
});

/** A mapping's state at a glance: what it still needs, whether it is served, and the TXT record to publish. */
export async function getDomainMappingStatus(deps: DomainUseCaseDeps, actor: Actor, input: { guid: string }) {
  const mapping = await getDomainMapping(deps, actor, input);
  return {
    domain: mapping.domain,
    needsVerification: needsVerification(mapping),
    needsSslRenewal: needsSslRenewal(mapping),
    isUsable: isUsable(mapping),
    protocol: protocolFor(mapping),
    verificationRecord:
      mapping.domainType === 'custom' && mapping.verificationToken
        ? {
            type: 'TXT' as const,
            name: verificationRecordName(mapping.domain),
            value: mapping.verificationToken,
          }
        : null,
  };
}
