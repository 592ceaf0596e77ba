import type { ReactNode } from 'react';
import { ErrorView } from './components/alert';
import { Button } from './components/button';
import { EmptyState } from './components/empty-state';
import { ChevronRightIcon, StoreIcon } from './components/icons';
import { SkeletonRows } from './components/skeleton';
import { ROW_STAGGER_MS } from './lib/constants';
import { useMyRestaurants } from './lib/queries';
import type { MyRestaurant, MyTenant } from './lib/types';
import { useAutoSelectSingle } from './lib/use-auto-select';

export interface RestaurantSelectorProps {
  tenant: MyTenant;
  onSelect: (restaurant: MyRestaurant) => void;
  onBack: () => void;
  selectedRestaurantId?: number | null | undefined;
  title?: ReactNode;
  description?: ReactNode;
  /** spec 01 §2.5: "No restaurants found for {tenant name}." unless overridden. */
  emptyMessage?: string;
  autoSelect?: boolean;
}

const addressLine = (restaurant: MyRestaurant) =>
  [restaurant.street, restaurant.city].filter(Boolean).join(', ');

/** spec 01 §2.5: the restaurants of the chosen organization. */
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
    <div className="ui-stack">
      {(title || description) && (
        <header>
          {title && <h2 className="ui-card__title">{title}</h2>}
          {description && <p className="ui-card__description">{description}</p>}
        </header>
      )}
      {restaurants.isPending ? (
        <SkeletonRows count={3} label="Loading locations" />
      ) : restaurants.isError ? (
        <ErrorView
          title="Error loading locations"
          message={restaurants.error.message}
          actions={
            <Button variant="secondary" onClick={onBack}>
              Go Back
            </Button>
          }
        />
      ) : restaurants.data.length === 0 ? (
        <EmptyState
          title={emptyMessage ?? `No restaurants found for ${tenant.displayName || tenant.name}.`}
          icon={<StoreIcon />}
          actions={
            <Button variant="secondary" onClick={onBack}>
              Back to Organizations
            </Button>
          }
        />
      ) : (
        <ul className="ui-list" aria-label="Restaurants">
          {restaurants.data.map((restaurant, index) => (
            <li key={restaurant.restaurantId}>
              <button
                type="button"
                className="ui-option ui-option--appear"
                style={{ animationDelay: `${index * ROW_STAGGER_MS}ms` }}
                aria-pressed={restaurant.restaurantId === selectedRestaurantId}
                onClick={() => onSelect(restaurant)}
              >
                <span className="ui-option__avatar" aria-hidden="true">
                  <StoreIcon />
                </span>
                <span className="ui-option__text">
                  <span className="ui-option__title">{restaurant.name}</span>
                  <span className="ui-option__meta">{addressLine(restaurant) || 'No address on file'}</span>
                </span>
                <ChevronRightIcon className="ui-option__chevron" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
