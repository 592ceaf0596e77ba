import { SSL_STATUSES, VERIFICATION_STATUSES } from '@brigade/domain/domain-mapping';
import { Badge, type BadgeTone } from '@brigade/ui/app-kit/badge';

const TONES: Record<string, BadgeTone> = {
  verified: 'success',
  issued: 'success',
  pending: 'warning',
  failed: 'danger',
  expired: 'danger',
};
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** "Verified", "SSL pending": a mapping's statuses as badges. */
export function StatusBadges({
  verificationStatus,
  sslStatus,
  isActive,
}: {
  verificationStatus: string;
  sslStatus: string;
  isActive: boolean;
}) {
  return (
    <span className="admin-badges">
      <Badge tone={TONES[verificationStatus] ?? 'info'}>{capitalise(verificationStatus)}</Badge>
      <Badge tone={TONES[sslStatus] ?? 'info'}>SSL {sslStatus}</Badge>
      {!isActive && <Badge tone="warning">Inactive</Badge>}
    </span>
  );
}

const all = (label: string) => ({ value: '', label });
export const verificationOptions = [
  all('Any verification'),
  ...VERIFICATION_STATUSES.map((v) => ({ value: v, label: capitalise(v) })),
];
export const sslOptions = [all('Any SSL'), ...SSL_STATUSES.map((v) => ({ value: v, label: `SSL ${v}` }))];
export const typeOptions = [
  all('Any type'),
  { value: 'custom', label: 'Custom domains' },
  { value: 'subdomain', label: 'Subdomains' },
];
export const activeOptions = [
  all('Active or not'),
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
