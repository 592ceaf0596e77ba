import { errorMessage } from '@brigade/api-client/problem-error';
import { FormError } from '@brigade/ui/app-kit/form';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { useTenants } from '../../queries';
import { useDomainWrites } from './domains-api';
import { RestaurantSelect, TenantSelect } from './transfer-dialog';

interface DomainInput {
  kind: 'custom' | 'subdomain';
  name: string;
  isPrimary: boolean;
}

function DomainFields({ value, onChange }: { value: DomainInput; onChange: (next: DomainInput) => void }) {
  const ids = { kind: useId(), name: useId(), primary: useId() };
  const custom = value.kind === 'custom';
  return (
    <>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={ids.kind}>
          Kind
        </label>
        <select
          id={ids.kind}
          className="ui-field__input"
          value={value.kind}
          onChange={(event) =>
            onChange({ ...value, kind: event.target.value === 'subdomain' ? 'subdomain' : 'custom' })
          }
        >
          <option value="custom">A custom domain</option>
          <option value="subdomain">A subdomain of the platform's domain</option>
        </select>
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={ids.name}>
          {custom ? 'Domain' : 'Subdomain'}
        </label>
        <input
          id={ids.name}
          className="ui-field__input"
          value={value.name}
          inputMode="url"
          autoComplete="off"
          placeholder={custom ? 'www.example.com' : 'harbor-grill (blank: a generated name)'}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
        />
      </div>
      {custom && (
        <label className="ui-checkbox" htmlFor={ids.primary}>
          <input
            id={ids.primary}
            type="checkbox"
            checked={value.isPrimary}
            onChange={(event) => onChange({ ...value, isPrimary: event.target.checked })}
          />
          <span>Make it the restaurant's primary domain once verified</span>
        </label>
      )}
    </>
  );
}

/**
 * Add a domain to any tenant's restaurant (issue 45 item 3): a custom domain (it starts pending verification,
 * with its DNS record to create) or a subdomain under the platform's base domain (verified at once; blank for
 * the generated name). The server's rules and messages apply as in management.
 */
export function AddDomainDialog({ onClose }: { onClose: () => void }) {
  const tenants = useTenants();
  const [tenantId, setTenantId] = useState<number | null>(null);
  const [restaurantGuid, setRestaurantGuid] = useState('');
  const [domain, setDomain] = useState<DomainInput>({ kind: 'custom', name: '', isPrimary: false });
  const [problem, setProblem] = useState<string | null>(null);
  const { add } = useDomainWrites();
  const toast = useToast();
  const tenant = tenants.data?.find((t) => t.tenantId === tenantId);
  const submit = () => {
    if (!tenant || !restaurantGuid) return setProblem('Choose the restaurant the domain is for');
    add.mutate(
      { tenantGuid: tenant.guid, restaurantGuid, ...domain, name: domain.name.trim() },
      {
        onSuccess: (mapping) => {
          toast.success(
            mapping.domainType === 'custom'
              ? `${mapping.domain} added: its DNS record proves it`
              : `${mapping.domain} added`,
          );
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
      title="Add a domain"
      description="For any tenant's restaurant: a domain it owns, or a subdomain of the platform's."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={add.isPending} loadingText="Adding..." onClick={submit}>
            Add domain
          </Button>
        </>
      }
    >
      <div className="ui-stack">
        <FormError message={problem} />
        <TenantSelect
          value={tenantId}
          onChange={(id) => {
            setTenantId(id);
            setRestaurantGuid('');
          }}
        />
        {tenantId !== null && (
          <RestaurantSelect tenantId={tenantId} value={restaurantGuid} onChange={setRestaurantGuid} />
        )}
        <DomainFields value={domain} onChange={setDomain} />
      </div>
    </Dialog>
  );
}
