import { PLAN_RESTAURANT_CAPS, TENANT_PLANS, TENANT_STATUSES, type TenantPlan } from '@brigade/domain/tenant';
import { SITE_ROLES } from '@brigade/domain/user';
import { Badge, type BadgeTone } from '@brigade/ui/app-kit/badge';
import type { SelectOption } from '@brigade/ui/app-kit/choice-fields';
import type { TenantRole } from '../queries';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');

export const TENANT_ROLES: readonly TenantRole[] = ['owner', 'admin', 'manager', 'employee'];
export const roleOptions: SelectOption<TenantRole>[] = TENANT_ROLES.map((role) => ({
  value: role,
  label: capitalise(role),
}));
export const siteRoleOptions = SITE_ROLES.map((role) => ({ value: role, label: capitalise(role) }));

/** A plan and its restaurant cap, e.g. "Starter — up to 1 restaurant". */
export function planLabel(plan: TenantPlan): string {
  const cap = PLAN_RESTAURANT_CAPS[plan];
  return `${capitalise(plan)} — up to ${cap} restaurant${cap === 1 ? '' : 's'}`;
}
export const planOptions: SelectOption<TenantPlan>[] = TENANT_PLANS.map((plan) => ({
  value: plan,
  label: planLabel(plan),
}));
export const statusOptions = TENANT_STATUSES.map((status) => ({ value: status, label: capitalise(status) }));

const STATUS_TONES: Record<string, BadgeTone> = {
  active: 'success',
  inactive: 'warning',
  suspended: 'danger',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'info'}>{capitalise(status)}</Badge>;
}

export function roleLabel(role: string): string {
  return capitalise(role);
}

export function formatDate(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';
}
