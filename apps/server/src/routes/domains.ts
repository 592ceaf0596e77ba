import {
  bulkCreateDomainMappings,
  bulkUpdateDomainMappings,
  checkDomainAvailability,
  createDomainMapping,
  createGeneratedSubdomain,
  deleteDomainMapping,
  getDomainMapping,
  getDomainMappingStatus,
  queryDomainMappings,
  resolvePublicRestaurant,
  searchDomainMappings,
  tlsAsk,
  transferDomainMapping,
  updateDomainMapping,
  validateDomain,
  verifyDomainMapping,
} from '@brigade/contracts/domains';
import * as availability from '@brigade/core/domains/domain-availability';
import * as bulk from '@brigade/core/domains/domain-mapping-bulk';
import * as mappings from '@brigade/core/domains/domain-mapping-service';
import {
  mayIssueCertificate,
  resolvePublicRestaurant as resolve,
} from '@brigade/core/domains/resolution-service';
import { verifyDomainOwnership } from '@brigade/core/domains/verification-service';
import {
  type DomainMapping,
  isUsable,
  needsSslRenewal,
  needsVerification,
  protocolFor,
  verificationRecordName,
} from '@brigade/domain/domain-mapping';
import { notFound } from '@brigade/domain/errors';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

export const domainContextOf = (deps: AppDeps, log?: mappings.DomainLog): mappings.DomainContext => ({
  db: deps.database.db,
  baseDomain: deps.domains.baseDomain,
  onChange: deps.domains.onChange,
  log,
});
const mappingResult = (mapping: DomainMapping) => success({ mapping });

export const domainRoutes = [
  implement(createDomainMapping, async ({ body, actor, deps }) =>
    mappingResult(await mappings.createDomainMapping(domainContextOf(deps), actor, body)),
  ),
  implement(createGeneratedSubdomain, async ({ body, actor, deps }) =>
    mappingResult(await mappings.createGeneratedSubdomain(domainContextOf(deps), actor, body)),
  ),
  implement(queryDomainMappings, async ({ query, actor, deps }) =>
    success({ mappings: await mappings.queryMappings(domainContextOf(deps), actor, query) }),
  ),
  implement(searchDomainMappings, async ({ query, actor, deps }) =>
    success({
      mappings: await mappings.searchMappings(domainContextOf(deps), actor, query.prefix, query.limit),
    }),
  ),
  implement(checkDomainAvailability, async ({ query, deps }) =>
    success(
      await availability.checkDomainAvailability(domainContextOf(deps), query.domain, {
        guid: query.excludeGuid,
        domainId: query.excludeDomainId,
      }),
    ),
  ),
  implement(validateDomain, async ({ query, actor, deps }) =>
    success(
      await availability.validateDomain(domainContextOf(deps), actor, query.domain, {
        guid: query.excludeGuid,
        domainId: query.excludeDomainId,
      }),
    ),
  ),
  implement(bulkCreateDomainMappings, async ({ body, actor, deps, request }) =>
    success(
      await bulk.bulkCreateDomainMappings(domainContextOf(deps), actor, body.mappings, (obj, msg) =>
        request.log.warn(obj, msg),
      ),
    ),
  ),
  implement(bulkUpdateDomainMappings, async ({ body, actor, deps, request }) =>
    success(
      await bulk.bulkUpdateDomainMappings(
        domainContextOf(deps, request.log),
        actor,
        body.mappings,
        (obj, msg) => request.log.warn(obj, msg),
      ),
    ),
  ),
  implement(getDomainMapping, async ({ params, actor, deps }) =>
    mappingResult(await mappings.getDomainMapping(domainContextOf(deps), actor, params.guid)),
  ),
  implement(updateDomainMapping, async ({ params, body, actor, deps, request }) =>
    mappingResult(
      await mappings.updateDomainMapping(domainContextOf(deps, request.log), actor, params.guid, body),
    ),
  ),
  implement(deleteDomainMapping, async ({ params, actor, deps }) => {
    await mappings.deleteDomainMapping(domainContextOf(deps), actor, params.guid);
  }),
  implement(transferDomainMapping, async ({ params, body, actor, deps }) =>
    mappingResult(await mappings.transferDomainMapping(domainContextOf(deps), actor, params.guid, body)),
  ),
  implement(verifyDomainMapping, async ({ params, actor, deps }) =>
    success(await verifyDomainOwnership(domainContextOf(deps), deps.domains.resolver, actor, params.guid)),
  ),
  implement(getDomainMappingStatus, async ({ params, actor, deps }) => {
    const mapping = await mappings.getDomainMapping(domainContextOf(deps), actor, params.guid);
    return success({
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
    });
  }),
  implement(resolvePublicRestaurant, async ({ query, deps, request }) =>
    resolve(deps.database.db, deps.domains.hostCache, {
      ...query,
      host: query.host ?? request.hostname,
    }),
  ),
  implement(tlsAsk, async ({ query, deps }) => {
    const domain = query.domain.trim().toLowerCase();
    if (!(await mayIssueCertificate(deps.database.db, deps.domains.hostCache, domain))) {
      throw notFound(`No restaurant configured for domain: ${domain}`, 'DOMAIN_NOT_SERVED');
    }
    return { domain, allowed: true as const };
  }),
];
