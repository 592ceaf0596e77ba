import { listAllDomainMappings } from '@brigade/contracts/admin-domains';
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
import { listDomainMappingsAcrossTenants } from '@brigade/core/domains/domain-mapping-admin';
import * as bulk from '@brigade/core/domains/domain-mapping-bulk';
import * as mappings from '@brigade/core/domains/domain-mapping-service';
import {
  authorizeCertificate,
  resolvePublicRestaurant as resolve,
} from '@brigade/core/domains/resolution-service';
import * as verification from '@brigade/core/domains/verification-service';
import type { DomainMapping } from '@brigade/domain/domain-mapping';
import { domainUseCaseDeps, useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

const mappingResult = (mapping: DomainMapping) => success({ mapping });

export const domainRoutes = [
  implement(listAllDomainMappings, async ({ query, actor, deps }) =>
    success({ mappings: await listDomainMappingsAcrossTenants(useCaseDeps(deps), actor, query) }),
  ),
  implement(createDomainMapping, async ({ body, actor, deps }) =>
    mappingResult(await mappings.createDomainMapping(domainUseCaseDeps(deps), actor, body)),
  ),
  implement(createGeneratedSubdomain, async ({ body, actor, deps }) =>
    mappingResult(await mappings.createGeneratedSubdomain(domainUseCaseDeps(deps), actor, body)),
  ),
  implement(queryDomainMappings, async ({ query, actor, deps }) =>
    success({ mappings: await mappings.queryMappings(domainUseCaseDeps(deps), actor, query) }),
  ),
  implement(searchDomainMappings, async ({ query, actor, deps }) =>
    success({ mappings: await mappings.searchMappings(domainUseCaseDeps(deps), actor, query) }),
  ),
  implement(checkDomainAvailability, async ({ query, actor, deps }) =>
    success(await availability.checkDomainAvailability(domainUseCaseDeps(deps), actor, query)),
  ),
  implement(validateDomain, async ({ query, actor, deps }) =>
    success(await availability.validateDomain(domainUseCaseDeps(deps), actor, query)),
  ),
  implement(bulkCreateDomainMappings, async ({ body, actor, deps, request }) =>
    success(await bulk.bulkCreateDomainMappings(domainUseCaseDeps(deps, request.log), actor, body)),
  ),
  implement(bulkUpdateDomainMappings, async ({ body, actor, deps, request }) =>
    success(await bulk.bulkUpdateDomainMappings(domainUseCaseDeps(deps, request.log), actor, body)),
  ),
  implement(getDomainMapping, async ({ params, actor, deps }) =>
    mappingResult(await mappings.getDomainMapping(domainUseCaseDeps(deps), actor, params)),
  ),
  implement(updateDomainMapping, async ({ params, body, actor, deps, request }) =>
    mappingResult(
      await mappings.updateDomainMapping(domainUseCaseDeps(deps, request.log), actor, {
        ...params,
        changes: body,
      }),
    ),
  ),
  implement(deleteDomainMapping, async ({ params, actor, deps }) => {
    await mappings.deleteDomainMapping(domainUseCaseDeps(deps), actor, params);
  }),
  implement(transferDomainMapping, async ({ params, body, actor, deps }) =>
    mappingResult(
      await mappings.transferDomainMapping(domainUseCaseDeps(deps), actor, { ...params, ...body }),
    ),
  ),
  implement(verifyDomainMapping, async ({ params, actor, deps }) =>
    success(await verification.verifyDomainOwnership(domainUseCaseDeps(deps), actor, params)),
  ),
  implement(getDomainMappingStatus, async ({ params, actor, deps }) =>
    success(await verification.getDomainMappingStatus(domainUseCaseDeps(deps), actor, params)),
  ),
  implement(resolvePublicRestaurant, async ({ query, actor, deps, request }) =>
    resolve(domainUseCaseDeps(deps), actor, { ...query, host: query.host ?? request.hostname }),
  ),
  implement(tlsAsk, async ({ query, actor, deps }) =>
    authorizeCertificate(domainUseCaseDeps(deps), actor, query),
  ),
];
