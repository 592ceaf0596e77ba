import type { ReactNode } from 'react';
import { Button } from './components/button';
import { EmptyState } from './components/empty-state';
import { StoreIcon } from './components/icons';
import { canStartRestaurant, FirstRestaurant } from './first-restaurant';
import { useMyRestaurants } from './lib/queries';
import type { MyRestaurant, MyTenant } from './lib/types';
import { useAutoSelectSingle } from './lib/use-auto-select';
import { SelectionList, SelectionOption, SelectionPanel } from './selection-list';

export interface RestaurantSelectorProps {
  tenant: MyTenant;
  onSelect: (restaurant: MyRestaurant) => void;
  onBack: () => void;
  selectedRestaurantId?: number | null | undefined;
  title?: ReactNode;
  description?: ReactNode;
  /** "No restaurants found for {tenant name}." unless overridden. */
  emptyMessage?: string;
  autoSelect?: boolean;
}

const addressLine = (restaurant: MyRestaurant) =>
  [restaurant.street, restaurant.city].filter(Boolean).join(', ');

/** The restaurants of the chosen organization. */
export function RestaurantSelector({
  tenant,
  onSelect,
  onBack,
  selectedRestaurantId,
  title = 'Select a Restaurant',
  description,
  emptyMessage,
  autoSelect = true,
}: RestaurantSelectorProps) {
  const restaurants = useMyRestaurants(tenant.tenantId);

  useAutoSelectSingle(restaurants.data, autoSelect, onSelect);

  return (
    <SelectionPanel title={title} description={description}>
      <SelectionList
        query={restaurants}
        loadingLabel="Loading locations"
        errorTitle="Error loading locations"
        errorAction={
          <Button variant="secondary" onClick={onBack}>
            Go Back
          </Button>
        }
        empty={
          canStartRestaurant(tenant) ? (
            <FirstRestaurant tenant={tenant} onCreated={onSelect} />
          ) : (
            <EmptyState
              title={emptyMessage ?? `No restaurants found for ${tenant.displayName || tenant.name}.`}
              icon={<StoreIcon />}
              actions={
                <Button variant="secondary" onClick={onBack}>
                  Back to Organizations
                </Button>
              }
            />
          )
        }
        label="Restaurants"
        keyOf={(restaurant) => restaurant.restaurantId}
      >
        {(restaurant, index) => (
          <SelectionOption
            index={index}
            pressed={restaurant.restaurantId === selectedRestaurantId}
            onSelect={() => onSelect(restaurant)}
            avatar={<StoreIcon />}
            title={restaurant.name}
            meta={addressLine(restaurant) || 'No address on file'}
          />
        )}
      </SelectionList>
    </SelectionPanel>
  );
}
