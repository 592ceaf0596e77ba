import type { AccessRequirement } from '../access';
import { type CatalogueKindDefinition, EMPLOYEE_KIND } from './kinds';

/**
 * Who may read and write the catalogue (decision 008): every active member of the tenant reads it, managers
 * and above write it. Employee records hold wages and POS access codes, so reading them also takes a manager.
 * The contracts declare these on the endpoints; the catalogue summary asks the same question of its caller.
 */
export const CATALOGUE_READ = { kind: 'tenant', role: 'employee' } as const satisfies AccessRequirement;
export const CATALOGUE_WRITE = { kind: 'tenant', role: 'manager' } as const satisfies AccessRequirement;

export const catalogueReadAccess = (kind: CatalogueKindDefinition) =>
  kind === EMPLOYEE_KIND ? CATALOGUE_WRITE : CATALOGUE_READ;
