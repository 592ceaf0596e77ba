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
  const ids = { restaurant: useId(), menu: useId() };
  const restaurants = useMyRestaurants(tenantId);
  const others = (restaurants.data ?? []).filter((r) => r.restaurantId !== restaurantId);
  const [from, setFrom] = useState<number | null>(null);
  const [menuGroupId, setMenuGroupId] = useState<number | null>(null);
  const menus = useMenusOf(from);
  const copy = useCopyMenu();

  return (
    <Card
      title="Copy a menu from another restaurant"
      description={`The menu comes with its groups, items, modifier groups, tags and courses, as new records of ${restaurantName}. Tags, courses, tax rates and sales categories with the same name are shared with what is already here.`}
    >
      {restaurants.isSuccess && others.length === 0 ? (
        <p className="transfer__note">Your organization has no other restaurant to copy from.</p>
      ) : (
        <>
          <div className="transfer__fields">
            <FieldFrame id={ids.restaurant} label="From restaurant">
              <select
                id={ids.restaurant}
                className="ui-field__input"
                value={from ?? ''}
                onChange={(event) => {
                  setFrom(event.target.value === '' ? null : Number(event.target.value));
                  setMenuGroupId(null);
                  copy.reset();
                }}
              >
                <option value="">{restaurants.isPending ? 'Loading...' : 'Choose...'}</option>
                {others.map((r) => (
                  <option key={r.restaurantId} value={r.restaurantId}>
                    {r.name}
                  </option>
                ))}
              </select>
            </FieldFrame>
            <FieldFrame
              id={ids.menu}
              label="Menu"
              error={menus.isError ? errorMessage(menus.error) : undefined}
            >
              <select
                id={ids.menu}
                className="ui-field__input"
                value={menuGroupId ?? ''}
                disabled={from === null || !menus.isSuccess}
                onChange={(event) => {
                  setMenuGroupId(event.target.value === '' ? null : Number(event.target.value));
                  copy.reset();
                }}
              >
                <option value="">
                  {from !== null && menus.isPending
                    ? 'Loading...'
                    : menus.data?.length === 0
                      ? 'No menus'
                      : 'Choose...'}
                </option>
                {menus.data?.map((menu) => (
                  <option key={menu.menuGroupId} value={menu.menuGroupId}>
                    {menu.name}
                  </option>
                ))}
              </select>
            </FieldFrame>
          </div>
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
