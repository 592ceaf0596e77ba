import { type ReactNode, useCallback } from 'react';
import { Button } from './components/button';
import { EmptyState } from './components/empty-state';
import { BuildingIcon } from './components/icons';
import { initials } from './lib/initials';
import { useMyTenants } from './lib/queries';
import type { MyTenant } from './lib/types';
import { useAutoSelectSingle } from './lib/use-auto-select';
import { SelectionList, SelectionOption, SelectionPanel } from './selection-list';

export interface TenantPickerProps {
  /** `automatic` when the only organization was chosen without the person choosing it. */
  onSelect: (tenant: MyTenant, how: { automatic: boolean }) => void;
  selectedTenantId?: number | null | undefined;
  title?: ReactNode;
  description?: ReactNode;
  emptyMessage?: string;
  /** Selects automatically when there is only one tenant (on by default). */
  autoSelect?: boolean;
}

/** The user's organizations (display name plus name). */
export function TenantPicker({
  onSelect,
  selectedTenantId,
  title,
  description,
  emptyMessage = 'No organizations available',
  autoSelect = true,
}: TenantPickerProps) {
  const tenants = useMyTenants();

  const selectOnly = useCallback((tenant: MyTenant) => onSelect(tenant, { automatic: true }), [onSelect]);
  useAutoSelectSingle(tenants.data, autoSelect, selectOnly);

  return (
    <SelectionPanel title={title} description={description}>
      <TenantList
        query={tenants}
        label="Organizations"
        emptyMessage={emptyMessage}
        onRetry={() => void tenants.refetch()}
      >
        {(tenant, index) => (
          <SelectionOption
            index={index}
            pressed={tenant.tenantId === selectedTenantId}
            onSelect={() => onSelect(tenant, { automatic: false })}
            avatar={initials(tenant.displayName)}
            title={tenant.displayName}
            meta={tenant.name}
          />
        )}
      </TenantList>
    </SelectionPanel>
  );
}

/**
 * The user's organizations with the loading rows, "Error loading organizations" with Try Again and "No
 * organizations available"; `children` draws a row.
 */
export function TenantList({
  query,
  label,
  emptyMessage = 'No organizations available',
  onRetry,
  itemClassName,
  children,
}: {
  query: ReturnType<typeof useMyTenants>;
  label: string;
  emptyMessage?: string;
  onRetry: () => void;
  itemClassName?: string;
  children: (tenant: MyTenant, index: number) => ReactNode;
}) {
  return (
    <SelectionList
      query={query}
      loadingLabel="Loading organizations"
      errorTitle="Error loading organizations"
      errorAction={
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      }
      empty={
        <EmptyState
          title={emptyMessage}
          message="Ask your administrator to add you to an organization."
          icon={<BuildingIcon />}
        />
      }
      label={label}
      keyOf={(tenant) => tenant.tenantId}
      itemClassName={itemClassName}
    >
      {children}
    </SelectionList>
  );
}
