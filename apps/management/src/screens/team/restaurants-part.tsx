import { MultiSelectField } from '@brigade/ui/app-kit/choice-fields';
import { useFieldValue } from '@brigade/ui/app-kit/form';
import { useMyRestaurants } from '@brigade/ui/lib/queries';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useCurrentRestaurant } from '../../restaurant-context';

/**
 * Where a manager or employee works (issue 45 item 15): every restaurant of the organization (the value null),
 * or the ones ticked. Owners and admins always have every restaurant, so the part is not offered to them.
 */
export function RestaurantsPart({ scoped }: { scoped: boolean }) {
  const { tenantId } = useCurrentRestaurant();
  const restaurants = useMyRestaurants(tenantId);
  const { setValue } = useFormContext();
  const chosen = useFieldValue<number[] | null | undefined>('restaurantIds');
  const everywhere = !Array.isArray(chosen);
  useEffect(() => {
    if (!scoped) setValue('restaurantIds', null);
  }, [scoped, setValue]);
  if (!scoped) return <p className="ui-field__hint">Owners and admins work at every restaurant.</p>;
  const options = restaurants.data?.map((r) => ({ value: r.restaurantId, label: r.name }));
  return (
    <>
      <label className="ui-switch">
        <input
          type="checkbox"
          role="switch"
          checked={everywhere}
          aria-checked={everywhere}
          onChange={(event) =>
            setValue('restaurantIds', event.target.checked ? null : [], { shouldDirty: true })
          }
        />
        <span>Works at every restaurant</span>
      </label>
      {!everywhere && (
        <MultiSelectField
          name="restaurantIds"
          label="Restaurants"
          hint="They see and change these restaurants only."
          options={options}
        />
      )}
    </>
  );
}
