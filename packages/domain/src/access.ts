/**
 * Who may call what (docs/architecture.md#identity-and-access). Pure rules: the server loads the actor once per request
 * and asks `decideAccess` for every endpoint, using the requirement the endpoint declares in its contract.
 */

// TenantAssignment roles, strongest first.
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
  /**
   * The restaurants a manager or employee works at (issue 45 item 15); null or absent: all of the tenant's.
   * Owners and admins always have all.
   */
  restaurantIds?: readonly number[] | null;
}

/** Roles that may be limited to some of a tenant's restaurants; owners and admins run the whole organization. */
export const RESTAURANT_SCOPED_ROLES: readonly TenantRole[] = ['manager', 'employee'];

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

/**
 * The restaurants of a tenant the actor may work at through an active assignment: 'all', a list, or none (no
 * active assignment). Site administrators have all of every tenant's.
 */
export function restaurantsIn(actor: Actor, tenantId: number): 'all' | readonly number[] {
  if (actor.kind !== 'user' || !actor.isActive) return [];
  if (actor.isSiteAdmin) return 'all';
  const assignment = actor.assignments.find((a) => a.tenantId === tenantId && a.isActive);
  if (!assignment) return [];
  return assignment.restaurantIds ?? 'all';
}

/** Whether the actor may work at this restaurant of the tenant (its assignment names it, or names none). */
export function worksAt(actor: Actor, tenantId: number, restaurantId: number): boolean {
  const restaurants = restaurantsIn(actor, tenantId);
  return restaurants === 'all' || restaurants.includes(restaurantId);
}

/**
 * `restaurantId`, when the route names one: a manager or employee limited to some restaurants is refused the
 * others' (403), whatever the role would allow.
 */
export function decideAccess(
  actor: Actor,
  requirement: AccessRequirement,
  tenantId?: number,
  restaurantId?: number,
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
  if (role === null || !roleAtLeast(role, requirement.role)) return 'forbidden';
  return restaurantId === undefined || worksAt(actor, tenantId, restaurantId) ? 'allow' : 'forbidden';
}
