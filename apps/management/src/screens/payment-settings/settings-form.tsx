import { Badge } from '@brigade/ui/app-kit/badge';
import { SelectField, SwitchField } from '@brigade/ui/app-kit/choice-fields';
import { FormRow, FormSection } from '@brigade/ui/app-kit/form';
import { MoneyField, TextField } from '@brigade/ui/app-kit/form-fields';
import type { MerchantAccount } from '../../payments-kit/payments-api';

const ENVIRONMENTS = [
  { value: 'uat', label: 'UAT (testing)' },
  { value: 'production', label: 'Production (real payments)' },
] as const;
const WRITE_METHODS = [
  { value: 'PUT', label: 'PUT (recommended)' },
  { value: 'POST', label: 'POST' },
] as const;

/** Which merchant account, on which gateway site and environment. */
export function AccountSection() {
  return (
    <FormSection title="Account">
      <FormRow>
        <TextField name="merchid" label="Merchant ID" inputMode="numeric" autoComplete="off" />
        <TextField name="site" label="Site" hint="The gateway site name, e.g. fts" autoComplete="off" />
      </FormRow>
      <FormRow>
        <SelectField name="environment" label="Environment" options={ENVIRONMENTS} />
        <SelectField name="writeMethod" label="Write method" options={WRITE_METHODS} />
      </FormRow>
      <SwitchField name="enabled" label="Take card payments with this account" />
      <MoneyField
        name="maxTransactionAmount"
        label="Maximum per payment"
        hint="The largest total (amount plus tip) one payment may have, online orders included"
      />
    </FormSection>
  );
}

/** The API credentials: never shown again once saved; blank keeps the stored ones. */
export function CredentialsSection({ account }: { account: MerchantAccount | null }) {
  return (
    <FormSection
      title="API credentials"
      description={
        account?.hasCredentials ? (
          <>
            <Badge tone="success">Credentials saved</Badge> Leave both blank to keep them, or enter both to
            replace them.
          </>
        ) : (
          'The API username and password the card processor gave you. They are stored encrypted and never shown again.'
        )
      }
    >
      <FormRow>
        <TextField name="username" label="API username" autoComplete="off" />
        <TextField name="password" label="API password" type="password" autoComplete="new-password" />
      </FormRow>
    </FormSection>
  );
}
