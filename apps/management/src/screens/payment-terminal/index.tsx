import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { useMoneyCurrency } from '../../payments-kit/currency';
import { usePaymentRights } from '../../payments-kit/payments-api';
import { NotAllowed, WithMerchantAccount } from '../../payments-kit/ui';
import { TerminalForm } from './terminal-form';

/**
 * The virtual terminal (issue 16): take a card payment by hand. The card is typed into the card
 * processor's hosted frame, so card numbers never reach Brigade; Brigade gets a token and authorises it.
 */
export default function PaymentTerminalScreen() {
  const { take } = usePaymentRights();
  const currency = useMoneyCurrency();
  if (!take) return <NotAllowed title="Virtual terminal" who="the restaurant's staff" />;
  return (
    <>
      <PageHeader title="Virtual terminal" description="Take a card payment by typing the card's details." />
      <WithMerchantAccount loadingLabel="Loading the terminal">
        {(account) =>
          account.enabled ? (
            <TerminalForm currency={currency} merchid={account.merchid} />
          ) : (
            <DisabledAccount />
          )
        }
      </WithMerchantAccount>
    </>
  );
}

function DisabledAccount() {
  return (
    <EmptyState
      title="Card payments are switched off"
      message="The merchant account is disabled in the payment settings. An owner or admin can switch it on again."
    />
  );
}
