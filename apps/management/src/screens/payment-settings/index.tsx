import { errorMessage } from '@brigade/api-client/problem-error';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useMemo, useState } from 'react';
import {
  type MerchantAccount,
  useMerchantAccount,
  useMerchantAccountWrites,
  usePaymentRights,
} from '../../payments-kit/payments-api';
import { NotAllowed } from '../../payments-kit/ui';
import { ConnectionTest } from './connection-test';
import { AccountSection, CredentialsSection } from './settings-form';
import { type MerchantFormOutput, merchantFormSchema, merchantFormValues } from './settings-schema';

const TITLE = 'Payment settings';

/** The restaurant's CardPointe merchant account (owners and admins): connect, change, test. */
export default function PaymentSettingsScreen() {
  const { settings } = usePaymentRights();
  const account = useMerchantAccount();
  if (!settings) return <NotAllowed title={TITLE} who="owners and admins" />;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="The merchant account that card payments are taken with. Its credentials are stored encrypted."
      />
      {account.isPending ? (
        <SkeletonRows count={4} label="Loading the merchant account" />
      ) : account.isError ? (
        <ErrorView
          title="Could not load the merchant account"
          message={errorMessage(account.error)}
          actions={<Button onClick={() => void account.refetch()}>Try Again</Button>}
        />
      ) : (
        <div className="pay-settings">
          {account.data && <ConnectionTest account={account.data} />}
          <MerchantAccountForm key={account.data?.updatedAt ?? 'new'} account={account.data} />
        </div>
      )}
    </>
  );
}

function MerchantAccountForm({ account }: { account: MerchantAccount | null }) {
  const schema = useMemo(() => merchantFormSchema(account !== null), [account]);
  const form = useZodForm(schema, { defaultValues: merchantFormValues(account) });
  const { save } = useMerchantAccountWrites();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: MerchantFormOutput) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      toast.success(account ? 'Merchant account saved' : 'Merchant account connected');
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Form form={form} onSubmit={submit} label="Merchant account" className="ui-card pay-settings__form">
      <AccountSection />
      <CredentialsSection account={account} />
      <FormError message={formError} />
      <div className="form-footer">
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          {account ? 'Save changes' : 'Connect account'}
        </Button>
      </div>
    </Form>
  );
}
