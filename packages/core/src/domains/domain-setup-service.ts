import type { Actor } from '@brigade/domain/access';
import type { DomainMapping } from '@brigade/domain/domain-mapping';
import {
  type CreateDomainMappingInput,
  createDomainMappingInputSchema,
} from '@brigade/domain/domain-mapping-input';
import type { ProjectDomain } from '@brigade/domain/hosting';
import { runWithCompensation } from '../compensating-steps';
import { validateInput } from '../validate';
import type { DomainUseCaseDeps } from './domain-deps';
import { checkMappingTarget, insertMappings } from './domain-mapping-service';

/** The hosting provider's project-domain calls the setup makes (HostingClient has them). */
export interface ProjectDomains {
  addProjectDomain(name: string, redirect?: { to: string; statusCode: number }): Promise<ProjectDomain>;
  removeProjectDomain(name: string): Promise<unknown>;
}

export interface SetupWithRedirectInput {
  mainDomain: string;
  subDomain: string;
  tenantGuid: string;
  restaurantGuid: string;
}

export interface SetupWithRedirectResult {
  mainDomainStatus: ProjectDomain;
  subDomainStatus: ProjectDomain;
  mappingsCreated: number;
  mappings: DomainMapping[];
}

// The second domain's redirect at the provider: permanent, method kept.
const REDIRECT_STATUS = 308;

/**
 * Setting up a domain with a redirect: the main domain and a second domain redirecting to it are added to
 * the hosting project, then both are mapped to the restaurant (the second with redirectTo https://<main>).
 * All or nothing (issue 15): a failed step undoes the earlier ones — the provider additions are removed
 * again; the two mappings are written last, in one transaction, so they need no undo of their own. The
 * mappings' domain rules (taken, reserved) are decided by that write, not checked twice beforehand.
 */
export async function setupDomainWithRedirect(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: SetupWithRedirectInput,
): Promise<SetupWithRedirectResult> {
  const hosting = await deps.hosting();
  const target = `https://${input.mainDomain}`;
  const common = { domainType: 'custom', tenantGuid: input.tenantGuid, restaurantGuid: input.restaurantGuid };
  const mappings: CreateDomainMappingInput[] = [
    validateInput(createDomainMappingInputSchema, { ...common, domain: input.mainDomain, isPrimary: true }),
    validateInput(createDomainMappingInputSchema, {
      ...common,
      domain: input.subDomain,
      redirectConfig: { redirectTo: target },
    }),
  ];
  // Nothing to undo yet: an unknown or foreign tenant or restaurant stops here, before the provider.
  await checkMappingTarget(deps, actor, input);
  return runWithCompensation(
    async (step) => {
      const remove = (status: ProjectDomain) => hosting.removeProjectDomain(status.name);
      const mainDomainStatus = await step(
        'add main domain',
        () => hosting.addProjectDomain(input.mainDomain),
        remove,
      );
      const subDomainStatus = await step(
        'add redirecting domain',
        () => hosting.addProjectDomain(input.subDomain, { to: target, statusCode: REDIRECT_STATUS }),
        remove,
      );
      const created = await step('map both domains', () => insertMappings(deps, actor, { mappings }));
      return { mainDomainStatus, subDomainStatus, mappingsCreated: created.length, mappings: created };
    },
    (name, error) =>
      deps.log?.error(
        {
          event: 'domain_setup.undo_failed',
          step: name,
          mainDomain: input.mainDomain,
          subDomain: input.subDomain,
          err: error instanceof Error ? error.message : String(error),
        },
        'could not undo a domain setup step: the hosting project keeps a domain nobody mapped',
      ),
  );
}
