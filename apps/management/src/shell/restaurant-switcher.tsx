import { CheckIcon } from '@brigade/ui/app-shell/icons';
import { initials } from '@brigade/ui/lib/initials';
import { useMyRestaurants } from '@brigade/ui/lib/queries';
import { useMenuButton } from '@brigade/ui/lib/use-menu-button';
import { useSelection } from '@brigade/ui/selection';
import { useNavigate } from 'react-router';
import { ChevronsUpDownIcon } from './icons';

/**
 * The restaurant switcher at the top of the sidebar: the current restaurant and organisation; opens a menu
 * of the organisation's restaurants and "Switch organization" (which clears the selection, so the
 * selection guard shows its wizard again).
 */
export function RestaurantSwitcher({ collapsed = false }: { collapsed?: boolean }) {
  const { tenant, restaurant, setSelection, clearSelection } = useSelection();
  const restaurants = useMyRestaurants(tenant?.tenantId);
  const { setOpen, close, open, buttonProps, menuProps } = useMenuButton();
  const navigate = useNavigate();

  if (!tenant || !restaurant) return null;

  return (
    <div className="shell-switcher">
      <button
        {...buttonProps}
        type="button"
        className="shell-switcher__button"
        aria-label={collapsed ? `${restaurant.name}: switch restaurant` : undefined}
        title={collapsed ? restaurant.name : undefined}
      >
        <span className="shell-switcher__avatar" aria-hidden="true">
          {initials(restaurant.name)}
        </span>
        <span className="shell-switcher__text shell-collapsible">
          <span className="shell-switcher__name">{restaurant.name}</span>
          <span className="shell-switcher__meta">{tenant.displayName || tenant.name}</span>
        </span>
        <ChevronsUpDownIcon className="shell-switcher__chevron shell-collapsible" />
      </button>
      {open && (
        <div
          {...menuProps}
          role="menu"
          aria-label="Switch restaurant"
          className="ui-menu shell-switcher__menu"
        >
          <p className="ui-menu__label" aria-hidden="true">
            Restaurants
          </p>
          {restaurants.isPending && <p className="ui-menu__label">Loading...</p>}
          {restaurants.data?.map((option) => (
            <button
              key={option.restaurantId}
              type="button"
              role="menuitemradio"
              aria-checked={option.restaurantId === restaurant.restaurantId}
              className="ui-menu__item"
              onClick={() => {
                if (option.restaurantId !== restaurant.restaurantId) {
                  setSelection(tenant, option);
                  navigate('/');
                }
                close();
              }}
            >
              <span className="ui-menu__check" aria-hidden="true">
                {option.restaurantId === restaurant.restaurantId ? <CheckIcon width={14} height={14} /> : ''}
              </span>
              {option.name}
            </button>
          ))}
          <hr className="shell-menu-separator" />
          <button
            type="button"
            role="menuitem"
            className="ui-menu__item"
            onClick={() => {
              setOpen(false);
              clearSelection();
            }}
          >
            <span className="ui-menu__check" aria-hidden="true" />
            Switch organization
          </button>
        </div>
      )}
    </div>
  );
}
