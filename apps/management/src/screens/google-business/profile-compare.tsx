import { Badge } from '@brigade/ui/app-kit/badge';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { errorText } from '../domains/error-text';
import { type RestaurantRecord, useRestaurantRecord } from '../restaurant/queries';
import { useProfileComparison } from './queries';

type Field = 'name' | 'address' | 'phone' | 'website' | 'hours';
const LABELS: Record<Field, string> = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  website: 'Website',
  hours: 'Hours',
};
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

type Hours = Record<string, { open: string; close: string; closed: boolean }>;
type Address = { street: string; city: string; state: string; zipCode: string; country: string };

const addressText = (address: Address | null | undefined) =>
  address
    ? [address.street, address.city, `${address.state} ${address.zipCode}`.trim(), address.country]
        .filter((part) => part?.trim())
        .join(', ')
    : '';

const hoursLines = (hours: Hours | null | undefined) =>
  hours
    ? DAYS.filter((day) => hours[day]).map((day) => {
        const one = hours[day];
        const name = `${day.slice(0, 1).toUpperCase()}${day.slice(1, 3)}`;
        return `${name} ${one?.closed ? 'closed' : `${one?.open}–${one?.close}`}`;
      })
    : [];

function Value({ field, value }: { field: Field; value: unknown }) {
  if (value == null || value === '') return <span className="gbp-muted">Not set</span>;
  if (field === 'address') return <>{addressText(value as Address)}</>;
  if (field === 'hours')
    return (
      <ul className="gbp-hours">
        {hoursLines(value as Hours).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    );
  return <>{String(value)}</>;
}

const ours = (restaurant: RestaurantRecord | undefined): Record<Field, unknown> => ({
  name: restaurant?.name,
  address: restaurant?.address,
  phone: restaurant?.contact.phone,
  website: restaurant?.contact.website,
  hours: restaurant?.operatingHours,
});

/** Google's profile of the location beside the restaurant's record; fields that differ are marked. */
export function ProfileComparison({ connectionId }: { connectionId: string }) {
  const comparison = useProfileComparison(connectionId);
  const record = useRestaurantRecord();
  const body = () => {
    if (comparison.isPending || record.isPending)
      return <SkeletonRows count={5} label="Reading the profile from Google" />;
    if (comparison.isError)
      return (
        <Alert tone="error" title="Could not read the profile from Google">
          <p>{errorText(comparison.error)}</p>
          <Button variant="secondary" onClick={() => void comparison.refetch()}>
            Try Again
          </Button>
        </Alert>
      );
    const { profile, differences } = comparison.data;
    const differing = new Set(differences.map((one) => one.field));
    const google: Record<Field, unknown> = {
      name: profile.title,
      address: profile.address,
      phone: profile.phone,
      website: profile.website,
      hours: profile.hours,
    };
    const restaurant = ours(record.data);
    return (
      <>
        <p className="gbp-muted">
          {differing.size === 0
            ? 'Google shows the same details as the restaurant.'
            : `${differing.size} of ${Object.keys(LABELS).length} details differ. Syncing never changes the restaurant: edit it under Profile & hours, or the listing on Google.`}
        </p>
        <table className="gbp-compare">
          <caption className="ui-visually-hidden">Google's profile beside the restaurant's details</caption>
          <thead>
            <tr>
              <th scope="col">Detail</th>
              <th scope="col">On Google</th>
              <th scope="col">In Brigade</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(LABELS) as Field[]).map((field) => (
              <tr key={field} data-differs={differing.has(field) || undefined}>
                <th scope="row">
                  {LABELS[field]}
                  {differing.has(field) && <Badge tone="warning">Differs</Badge>}
                </th>
                <td data-label="On Google">
                  <Value field={field} value={google[field]} />
                </td>
                <td data-label="In Brigade">
                  <Value field={field} value={restaurant[field]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  };
  return (
    <Card title="Profile on Google" titleAs="h2">
      {body()}
    </Card>
  );
}
