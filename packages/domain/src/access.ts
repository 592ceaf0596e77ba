/**
 * Who may call what (spec 01 §6, docs/architecture.md#identity-and-access). Pure rules: the server loads the actor once per request
 * and asks `decideAccess` for every endpoint, using the requirement the endpoint declares in its contract.
 */

// spec 01 §3 TenantAssignment roles, strongest first.
export const TENANT_ROLES = ['owner', 'admin', 'manager', 'employee'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

export type AccessRequirement =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  /**
   * An active account with an active assignment to some tenant, or an active site administrator: what a route
   * that spends the platform's paid outside calls needs (Google Places, Business Profile, the LLM), so that an
   * account that signed itself up and is not activated yet cannot (issue 42).
   */
  | { kind: 'member' }
  | { kind: 'site-admin' }
  /** An active assignment to the route's tenant with at least `role` (site administrators may enter any). */
  | { kind: 'tenant'; role: TenantRole };

export interface ActorAssignment {
  tenantId: number;
  role: TenantRole;
  isActive: boolean;
}

export type Actor =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      /** The user's email, when known: the name some records keep of who changed them (catalogue updatedBy). */
      email?: string;
      isSiteAdmin: boolean;
      isActive: boolean;
      assignments: ActorAssignment[];
    };

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

export const ANONYMOUS: Actor = { kind: 'anonymous' };

/** True when `role` is at least as strong as `required` (owner > admin > manager > employee). */
export const roleAtLeast = (role: TenantRole, required: TenantRole): boolean =>
  TENANT_ROLES.indexOf(role) <= TENANT_ROLES.indexOf(required);

/** The role the actor holds in a tenant through an active assignment, if any. */
export function activeRoleIn(actor: Actor, tenantId: number): TenantRole | null {
  if (actor.kind !== 'user' || !actor.isActive) return null;
  return actor.assignments.find((a) => a.tenantId === tenantId && a.isActive)?.role ?? null;
}

export function decideAccess(
  actor: Actor,
  requirement: AccessRequirement,
  tenantId?: number,
): AccessDecision {
  if (requirement.kind === 'public') return 'allow';
  if (actor.kind === 'anonymous') return 'unauthenticated';
  if (requirement.kind === 'signed-in') return 'allow';
  if (actor.isSiteAdmin && actor.isActive) return 'allow';
  if (requirement.kind === 'member')
    return actor.isActive && actor.assignments.some((a) => a.isActive) ? 'allow' : 'forbidden';
  if (requirement.kind === 'site-admin') return 'forbidden';
  if (tenantId === undefined) return 'forbidden';
  const role = activeRoleIn(actor, tenantId);
  return role !== null && roleAtLeast(role, requirement.role) ? 'allow' : 'forbidden';
}
