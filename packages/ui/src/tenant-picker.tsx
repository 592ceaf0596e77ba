import type { ReactNode } from 'react';
import { ErrorView } from './components/alert';
import { Button } from './components/button';
import { EmptyState } from './components/empty-state';
import { BuildingIcon, ChevronRightIcon } from './components/icons';
import { SkeletonRows } from './components/skeleton';
import { ROW_STAGGER_MS } from './lib/constants';
import { useMyTenants } from './lib/queries';
import type { MyTenant } from './lib/types';
import { useAutoSelectSingle } from './lib/use-auto-select';

export const initials = (text: string) =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

export interface TenantPickerProps {
  onSelect: (tenant: MyTenant) => void;
  selectedTenantId?: number | null | undefined;
  title?: ReactNode;
  description?: ReactNode;
  emptyMessage?: string;
  /** spec 01 §2.4: selects automatically when there is only one tenant (on by default). */
  autoSelect?: boolean;
}

/** spec 01 §2.4: the user's organizations (display name plus name). */
export function TenantPicker({
  onSelect,
  selectedTenantId,
  title,
  description,
  emptyMessage = 'No organizations available',
  autoSelect = true,
}: TenantPickerProps) {
  const tenants = useMyTenants();

  useAutoSelectSingle(tenants.data, autoSelect, onSelect);

  return (
    <div className="ui-stack">
      {(title || description) && (
        <header>
          {title && <h2 className="ui-card__title">{title}</h2>}
          {description && <p className="ui-card__description">{description}</p>}
        </header>
      )}
      {tenants.isPending ? (
        <SkeletonRows count={3} label="Loading organizations" />
      ) : tenants.isError ? (
        <ErrorView
          title="Error loading organizations"
          message={tenants.error.message}
          actions={
            <Button variant="secondary" onClick={() => void tenants.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : tenants.data.length === 0 ? (
        <EmptyState
          title={emptyMessage}
          message="Ask your administrator to add you to an organization."
          icon={<BuildingIcon />}
        />
      ) : (
        <ul className="ui-list" aria-label="Organizations">
          {tenants.data.map((tenant, index) => (
            <li key={tenant.tenantId}>
              <button
                type="button"
                className="ui-option ui-option--appear"
                style={{ animationDelay: `${index * ROW_STAGGER_MS}ms` }}
                aria-pressed={tenant.tenantId === selectedTenantId}
                onClick={() => onSelect(tenant)}
              >
                <span className="ui-option__avatar" aria-hidden="true">
                  {initials(tenant.displayName)}
                </span>
                <span className="ui-option__text">
                  <span className="ui-option__title">{tenant.displayName}</span>
                  <span className="ui-option__meta">{tenant.name}</span>
                </span>
                <ChevronRightIcon className="ui-option__chevron" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
