import {
  addHostingDomain,
  deleteHostingDomain,
  getHostingDnsRecords,
  getHostingDomain,
  getHostingDomainConfig,
  getHostingDomainStatus,
  listExpiringHostingDomains,
  listHostingDomains,
  registerHostingDomain,
  removeHostingDomain,
  setupDomainWithRedirect,
  updateHostingDomain,
  validateHostingOwnership,
  verifyHostingDomain,
} from '@brigade/contracts/hosting';
import { setupDomainWithRedirect as setupDomain } from '@brigade/core/domains/domain-setup-service';
import { isBrigadeError } from '@brigade/domain/errors';
import { withDomainFlags } from '@brigade/domain/hosting';
import { domainUseCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

const now = () => Date.now();

export const hostingRoutes = [
  implement(registerHostingDomain, async ({ body, deps }) => {
    const client = await deps.domains.hosting();
    return success({ domain: withDomainFlags(await client.createDomain(body), now()) });
  }),
  implement(listHostingDomains, async ({ deps }) => {
    const { domains, pagination } = await (await deps.domains.hosting()).listDomains();
    return success({ domains: domains.map((d) => withDomainFlags(d, now())), pagination });
  }),
  implement(listExpiringHostingDomains, async ({ deps }) => {
    const { domains } = await (await deps.domains.hosting()).listDomains();
    return success({ domains: domains.map((d) => withDomainFlags(d, now())).filter((d) => d.expiringSoon) });
  }),
  implement(addHostingDomain, async ({ body, deps }) => {
    const client = await deps.domains.hosting();
    return success({ domain: await client.addProjectDomain(body.domain, body.redirectConfig) });
  }),
  implement(verifyHostingDomain, async ({ body, deps }) => {
    const client = await deps.domains.hosting();
    try {
      return success({ verified: true, domain: await client.verifyProjectDomain(body.domain), error: null });
    } catch (error) {
      if (!isBrigadeError(error) || error.kind !== 'validation') throw error;
      return success({
        verified: false,
        domain: await client.getProjectDomain(body.domain),
        error: error.message,
      });
    }
  }),
  implement(removeHostingDomain, async ({ body, deps }) => {
    await (await deps.domains.hosting()).removeProjectDomain(body.domain);
  }),
  implement(getHostingDomainStatus, async ({ query, deps }) => {
    const client = await deps.domains.hosting();
    const domain = await client.getProjectDomain(query.domain);
    const config = await client.getDomainConfig(query.domain).catch(() => null);
    const challenge = domain.verification?.[0];
    const configuredBy =
      config?.configuredBy === 'A' || config?.configuredBy === 'CNAME' ? config.configuredBy : null;
    return success({
      domain: domain.name,
      verified: domain.verified,
      // The provider issues the certificate once the domain is verified and its DNS points at it.
      sslEnabled: domain.verified && config?.misconfigured === false,
      configuredBy,
      verificationRecord: challenge
        ? { type: 'TXT' as const, name: challenge.domain, value: challenge.value }
        : null,
    });
  }),
  implement(validateHostingOwnership, async ({ query, deps }) => {
    const client = await deps.domains.hosting();
    const owned = await client
      .getProjectDomain(query.domain)
      .then((d) => d.verified)
      .catch(() => false);
    return success({ owned });
  }),
  implement(getHostingDomainConfig, async ({ params, deps }) => {
    const client = await deps.domains.hosting();
    return success({ config: await client.getDomainConfig(params.domain).catch(() => null) });
  }),
  implement(getHostingDnsRecords, async ({ params, deps }) => {
    const client = await deps.domains.hosting();
    const records = await client
      .getDnsRecords(params.domain)
      .then((r) => r.records)
      .catch(() => []);
    return success({ records });
  }),
  implement(getHostingDomain, async ({ params, deps }) => {
    const client = await deps.domains.hosting();
    return success({ domain: withDomainFlags(await client.getDomain(params.domain), now()) });
  }),
  implement(deleteHostingDomain, async ({ params, deps }) => {
    await (await deps.domains.hosting()).deleteDomain(params.domain);
  }),
  implement(setupDomainWithRedirect, async ({ body, actor, deps, request }) => {
    const setup = await setupDomain(domainUseCaseDeps(deps, request.log), actor, body);
    // A failed step undoes the earlier ones and answers with its problem, so nothing is left to list here.
    const { mainDomainStatus, subDomainStatus, mappingsCreated } = setup;
    return success({ mainDomainStatus, subDomainStatus, mappingsCreated, errors: [] });
  }),
  implement(updateHostingDomain, async ({ params, body, deps }) => {
    const client = await deps.domains.hosting();
    return success(
      await client.updateDomain(
        params.domain,
        body.operation === 'move-out'
          ? { op: 'move-out', destination: body.destination }
          : { op: 'update', renew: body.renew, customNameservers: body.customNameservers, zone: body.zone },
      ),
    );
  }),
];
