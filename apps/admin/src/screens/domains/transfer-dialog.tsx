import { errorMessage } from '@brigade/api-client/problem-error';
import { FormError } from '@brigade/ui/app-kit/form';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { useTenantRestaurants, useTenants } from '../../queries';
import { type DomainRow, useDomainWrites } from './domains-api';

export function RestaurantSelect({
  tenantId,
  value,
  onChange,
}: {
  tenantId: number;
  value: string;
  onChange: (guid: string) => void;
}) {
  const restaurants = useTenantRestaurants(tenantId);
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        Restaurant
      </label>
      <select
        id={id}
        className="ui-field__input"
        value={value}
        disabled={restaurants.isPending}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{restaurants.isPending ? 'Loading...' : 'Choose a restaurant'}</option>
        {(restaurants.data ?? []).map((r) => (
          <option key={r.guid} value={r.guid}>
            {r.name}
          </option>
        ))}
      </select>
      {restaurants.data?.length === 0 && <p className="ui-field__hint">This tenant has no restaurant.</p>}
    </div>
  );
}

/** The tenants to choose from (a blank first choice until one is chosen). */
export function TenantSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const tenants = useTenants();
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        Tenant
      </label>
      <select
        id={id}
        className="ui-field__input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{tenants.isPending ? 'Loading...' : 'Choose a tenant'}</option>
        {(tenants.data ?? []).map((t) => (
          <option key={t.tenantId} value={t.tenantId}>
            {t.displayName} ({t.tenantId})
          </option>
        ))}
      </select>
    </div>
  );
}

/** Move a mapping to another restaurant, of this tenant or another (isPrimary is reset). */
export function TransferDialog({ row, onClose }: { row: DomainRow; onClose: () => void }) {
  const tenants = useTenants();
  const [tenantId, setTenantId] = useState(row.tenantId);
  const [restaurantGuid, setRestaurantGuid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { transfer } = useDomainWrites();
  const toast = useToast();
  const tenant = tenants.data?.find((t) => t.tenantId === tenantId);
  const submit = () => {
    if (!tenant || !restaurantGuid) return setProblem('Choose the restaurant to move the domain to');
    if (restaurantGuid === row.mapping.restaurantGuid) return setProblem('The domain is already there');
    transfer.mutate(
      { guid: row.mapping.guid, tenantGuid: tenant.guid, restaurantGuid },
      {
        onSuccess: () => {
          toast.success(`${row.mapping.domain} moved`);
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Transfer ${row.mapping.domain}`}
      description={`Now at ${row.restaurantName} (${row.tenantDisplayName}). The new restaurant does not get it as its primary domain.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={transfer.isPending} loadingText="Transferring..." onClick={submit}>
            Transfer domain
          </Button>
        </>
      }
    >
      <FormError message={problem} />
      <TenantSelect
        value={tenantId}
        onChange={(id) => {
          if (id === null) return;
          setTenantId(id);
          setRestaurantGuid('');
        }}
      />
      <RestaurantSelect tenantId={tenantId} value={restaurantGuid} onChange={setRestaurantGuid} />
    </Dialog>
  );
}
