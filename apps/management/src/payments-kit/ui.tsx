import { errorMessage } from '@brigade/api-client/problem-error';
import { Badge } from '@brigade/ui/app-kit/badge';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LockIcon } from '@brigade/ui/components/icons';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { statusLabel, statusTone } from './format';
import { type MerchantAccount, useMerchantAccount, usePaymentRights } from './payments-api';
import './payments.css';

/** Paths of the payments screens (routes.tsx has them; the sidebar links them). */
export const PAYMENT_PATHS = {
  terminal: '/payments/terminal',
  transactions: '/payments/transactions',
  transaction: (transactionId: string) => `/payments/transactions/${transactionId}`,
  funding: '/payments/funding',
  profiles: '/payments/profiles',
  settings: '/payments/settings',
} as const;

export function StatusBadge({ status, kind }: { status: string; kind?: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status, kind)}</Badge>;
}

/** A label and its value in a summary list (<dl>). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="pay-facts__item">
      <dt>{label}</dt>
      <dd>{children ?? '—'}</dd>
    </div>
  );
}

/** The role may not use this screen (the sidebar hides it; a typed address still lands here). */
export function NotAllowed({ title, who }: { title: string; who: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={<LockIcon />}
        title="You do not have access"
        message={`${title} is for ${who}. Ask one of them if you need it.`}
      />
    </>
  );
}

/** No merchant account yet: card payments need one (connected in the merchant account settings). */
export function NoMerchantAccount() {
  const { settings } = usePaymentRights();
  return (
    <EmptyState
      title="Card payments are not set up"
      message={
        settings
          ? 'Connect the restaurant’s CardPointe merchant account to take card payments.'
          : 'An owner or admin has to connect the restaurant’s merchant account before card payments can be taken.'
      }
      actions={
        settings && (
          <Link className={buttonClass('primary')} to={PAYMENT_PATHS.settings}>
            Set up the merchant account
          </Link>
        )
      }
    />
  );
}

/**
 * The body of a screen that needs the merchant account: loading rows, the error with "Try Again", the
 * "not set up" empty state, or `children(account)`.
 */
export function WithMerchantAccount({
  children,
  loadingLabel = 'Loading payments',
}: {
  children: (account: MerchantAccount) => ReactNode;
  loadingLabel?: string;
}) {
  const account = useMerchantAccount();
  if (account.isPending) return <SkeletonRows count={4} label={loadingLabel} />;
  if (account.isError)
    return (
      <ErrorView
        title="Could not load the merchant account"
        message={errorMessage(account.error)}
        actions={<Button onClick={() => void account.refetch()}>Try Again</Button>}
      />
    );
  if (account.data === null) return <NoMerchantAccount />;
  return children(account.data);
}
