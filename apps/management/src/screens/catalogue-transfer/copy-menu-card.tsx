import { errorMessage } from '@brigade/api-client/problem-error';
import { FieldFrame } from '@brigade/ui/app-kit/field-frame';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { useMyRestaurants } from '@brigade/ui/lib/queries';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentRestaurant } from '../../restaurant-context';
import { summaryOf } from './import-preview';
import { useCopyMenu, useMenusOf } from './transfer-api';

/** Copies a menu of another restaurant of the organization into this one (new ids; all or nothing). */
export function CopyMenuCard() {
  const { tenantId, restaurantId, restaurantName } = useCurrentRestaurant();
  const restaurants = useMyRestaurants(tenantId);
  const others = (restaurants.data ?? []).filter((r) => r.restaurantId !== restaurantId);
  const [from, setFrom] = useState<number | null>(null);
  const [menuGroupId, setMenuGroupId] = useState<number | null>(null);
  const copy = useCopyMenu();
  const choice = { others, loading: restaurants.isPending, from, menuGroupId, setFrom, setMenuGroupId };

  return (
    <Card
      title="Copy a menu from another restaurant"
      description={`The menu comes with its groups, items, modifier groups, tags and courses, as new records of ${restaurantName}. Tags, courses, tax rates and sales categories with the same name are shared with what is already here.`}
    >
      {restaurants.isSuccess && others.length === 0 ? (
        <p className="transfer__note">Your organization has no other restaurant to copy from.</p>
      ) : (
        <>
          <CopyFields choice={choice} onChange={() => copy.reset()} />
          <div className="transfer__actions">
            <Button
              disabled={from === null || menuGroupId === null}
              loading={copy.isPending}
              loadingText="Copying..."
              onClick={() =>
                from !== null && menuGroupId !== null && copy.mutate({ fromRestaurantId: from, menuGroupId })
              }
            >
              Copy menu
            </Button>
          </div>
        </>
      )}
      {copy.isError && <Alert title="Nothing was copied">{errorMessage(copy.error)}</Alert>}
      {copy.isSuccess && (
        <Alert tone="success" title="Menu copied">
          {summaryOf(copy.data.counts)} added.{' '}
          <Link to={`/menus/${copy.data.menuGroupIds[0]}`}>Open the copy</Link>
        </Alert>
      )}
    </Card>
  );
}

interface Choice {
  others: { restaurantId: number; name: string }[];
  loading: boolean;
  from: number | null;
  menuGroupId: number | null;
  setFrom: (id: number | null) => void;
  setMenuGroupId: (id: number | null) => void;
}

/** The restaurant to copy from, then one of its menus. */
function CopyFields({ choice, onChange }: { choice: Choice; onChange: () => void }) {
  const ids = { restaurant: useId(), menu: useId() };
  const menus = useMenusOf(choice.from);
  const idOf = (value: string) => (value === '' ? null : Number(value));
  const empty =
    choice.from !== null && menus.isPending
      ? 'Loading...'
      : menus.data?.length === 0
        ? 'No menus'
        : 'Choose...';
  return (
    <div className="transfer__fields">
      <FieldFrame id={ids.restaurant} label="From restaurant">
        <select
          id={ids.restaurant}
          className="ui-field__input"
          value={choice.from ?? ''}
          onChange={(event) => {
            choice.setFrom(idOf(event.target.value));
            choice.setMenuGroupId(null);
            onChange();
          }}
        >
          <option value="">{choice.loading ? 'Loading...' : 'Choose...'}</option>
          {choice.others.map((r) => (
            <option key={r.restaurantId} value={r.restaurantId}>
              {r.name}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame id={ids.menu} label="Menu" error={menus.isError ? errorMessage(menus.error) : undefined}>
        <select
          id={ids.menu}
          className="ui-field__input"
          value={choice.menuGroupId ?? ''}
          disabled={choice.from === null || !menus.isSuccess}
          onChange={(event) => {
            choice.setMenuGroupId(idOf(event.target.value));
            onChange();
          }}
        >
          <option value="">{empty}</option>
          {menus.data?.map((menu) => (
            <option key={menu.menuGroupId} value={menu.menuGroupId}>
              {menu.name}
            </option>
          ))}
        </select>
      </FieldFrame>
    </div>
  );
}
