import { hoursEditOf, type ProfileEdit } from '@brigade/domain/listing/profile-edit';
import type { OperatingHours } from '@brigade/domain/restaurant';
import { Badge } from '@brigade/ui/app-kit/badge';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { errorText } from '../domains/error-text';
import { type RestaurantRecord, useRestaurantRecord } from '../restaurant/queries';
import { useEditProfile, useProfileComparison } from './queries';

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

/** The edit that puts the restaurant's value of a field on Google (the address is changed on Google only). */
function brigadeValue(field: Field, restaurant: RestaurantRecord | undefined): ProfileEdit | null {
  if (!restaurant) return null;
  switch (field) {
    case 'name':
      return { title: restaurant.name };
    case 'phone':
      return { phone: restaurant.contact.phone };
    case 'website':
      return { website: restaurant.contact.website ?? '' };
    case 'hours':
      return { hours: hoursEditOf(restaurant.operatingHours as OperatingHours) };
    default:
      return null;
  }
}

/** "Use Brigade's": sends the restaurant's value of one differing field to Google. */
function UseBrigades({
  connectionId,
  field,
  edit,
}: {
  connectionId: string;
  field: Field;
  edit: ProfileEdit;
}) {
  const mutation = useEditProfile(connectionId);
  const toast = useToast();
  const send = async () => {
    try {
      await mutation.mutateAsync(edit);
      toast.success(`${LABELS[field]} updated on Google`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      className="gbp-use-ours"
      aria-label={`Use Brigade's ${LABELS[field].toLowerCase()} on Google`}
      loading={mutation.isPending}
      onClick={() => void send()}
    >
      Use Brigade's
    </Button>
  );
}

/** Reading the profile from Google failed: why, and a way to try again (the comparison and the edit form). */
export function ProfileReadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert tone="error" title="Could not read the profile from Google">
      <p>{errorText(error)}</p>
      <Button variant="secondary" onClick={retry}>
        Try Again
      </Button>
    </Alert>
  );
}

/** Google's profile of the location beside the restaurant's record; fields that differ are marked. */
export function ProfileComparison({ connectionId }: { connectionId: string }) {
  const comparison = useProfileComparison(connectionId);
  const record = useRestaurantRecord();
  const body = () => {
    if (comparison.isPending || record.isPending)
      return <SkeletonRows count={5} label="Reading the profile from Google" />;
    if (comparison.isError)
      return <ProfileReadError error={comparison.error} retry={() => void comparison.refetch()} />;
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
            : `${differing.size} of ${Object.keys(LABELS).length} details differ. Syncing never changes the restaurant: edit it under Profile & hours, or send Brigade's value to Google.`}
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
                  {differing.has(field) && (
                    <SendCell connectionId={connectionId} field={field} record={record.data} />
                  )}
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

function SendCell({
  connectionId,
  field,
  record,
}: {
  connectionId: string;
  field: Field;
  record: RestaurantRecord | undefined;
}) {
  const edit = brigadeValue(field, record);
  if (!edit)
    return <p className="gbp-muted">Change the address on Google: Google may ask to verify it again.</p>;
  return <UseBrigades connectionId={connectionId} field={field} edit={edit} />;
}
