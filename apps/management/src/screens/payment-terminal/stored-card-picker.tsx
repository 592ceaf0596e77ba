import { errorMessage } from '@brigade/api-client/problem-error';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { Alert } from '@brigade/ui/components/alert';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { Link } from 'react-router';
import { cardLabel } from '../../payments-kit/format';
import { type StoredProfile, useStoredProfiles } from '../../payments-kit/profiles-api';
import { PAYMENT_PATHS } from '../../payments-kit/ui';

/** "Ada Lovelace · Mastercard •••• 5454 · expires 12/30 · default" */
export function storedCardLabel(p: StoredProfile): string {
  const expiry =
    p.expiry && /^\d{4}$/.test(p.expiry) ? ` · expires ${p.expiry.slice(0, 2)}/${p.expiry.slice(2)}` : '';
  return `${p.name ?? 'No name'} · ${cardLabel(p.cardBrand, p.lastFour)}${expiry}${p.isDefault ? ' · default' : ''}`;
}

/**
 * The restaurant's stored cards as a select (`storedCard`: "profileId/acctId"), with the loading, error and
 * empty states: the card is charged at the card processor, nothing is typed. Only the cards stored under the
 * current merchant account (`merchid`) are offered: the server refuses the others.
 */
export function StoredCardPicker({ merchid }: { merchid: string }) {
  const list = useStoredProfiles();
  if (list.isPending) return <SkeletonRows count={1} label="Loading stored cards" />;
  if (list.isError)
    return (
      <Alert title="The stored cards could not be loaded">
        {errorMessage(list.error)}{' '}
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const usable = list.data.filter((p) => p.merchid === merchid);
  if (usable.length === 0)
    return (
      <Alert tone="info" title="No cards on file">
        Store a customer’s card under Customer profiles first, or type a card.{' '}
        <Link className={buttonClass('secondary', 'sm')} to={PAYMENT_PATHS.profiles}>
          Customer profiles
        </Link>
      </Alert>
    );
  const options = usable.map((p) => ({ value: `${p.profileId}/${p.acctId}`, label: storedCardLabel(p) }));
  return (
    <SelectField name="storedCard" label="Stored card" options={options} placeholder="Choose a card..." />
  );
}
