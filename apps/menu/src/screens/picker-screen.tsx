import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { CheckCircleIcon } from '@brigade/ui/components/icons';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useSelection } from '@brigade/ui/selection';
import { useLocation, useNavigate } from 'react-router';
import { keptSearch } from '../api';
import { useMenuSelection } from '../menu-selection';
import type { SelectedMenuGroup } from '../menu-selection-state';
import { useMenus } from '../queries';
import { LoadError } from './load-error';
import { TopBar } from './top-bar';

/** Menu display picker: the restaurant's parent menu groups, the selected one checked. */
export function PickerScreen() {
  const { restaurant } = useSelection();
  const navigate = useNavigate();
  const { search } = useLocation();
  const selection = useMenuSelection();
  const menus = useMenus(restaurant);
  const hasMenus = (menus.data?.length ?? 0) > 0;
  const open = () => navigate({ pathname: '/display', search: keptSearch(search) });
  return (
    <div className="menu-app">
      <TopBar />
      <main className="menu-picker" aria-labelledby="picker-title">
        <header className="menu-picker__header">
          <p className="ui-card__eyebrow">Menu display</p>
          <h1 id="picker-title" className="menu-picker__title">
            Choose a menu to display
          </h1>
          {restaurant && <p className="ui-muted">{restaurant.name}</p>}
        </header>
        <MenuDisplayPicker
          onPick={(group) => {
            selection.selectMenuGroup(group);
            open();
          }}
        />
        {hasMenus && (
          <div className="ui-row menu-picker__actions">
            <Button
              variant="secondary"
              onClick={() => {
                selection.showAllMenus();
                open();
              }}
            >
              Show all menus
            </Button>
            {selection.selectedMenuGroup && (
              <Button variant="ghost" onClick={open}>
                Resume display
              </Button>
            )}
          </div>
        )}
      </main>
    </div>
  );
}

/** The picker itself: two skeleton rows while loading, then one option per menu. */
export function MenuDisplayPicker({ onPick }: { onPick: (group: SelectedMenuGroup) => void }) {
  const { restaurant } = useSelection();
  const { selectedMenuGroup } = useMenuSelection();
  const menus = useMenus(restaurant);

  if (!restaurant)
    return <EmptyState title="No restaurant selected" message="Please select a restaurant first" />;
  if (menus.isPending) {
    return (
      <div className="ui-stack ui-stack--sm" role="status" aria-label="Loading menus" aria-busy="true">
        {[0, 1].map((row) => (
          <div className="ui-skeleton-row" key={row} data-testid="skeleton-row">
            <span className="ui-skeleton-row__lines">
              <Skeleton width={`${55 - row * 10}%`} />
              <Skeleton width={`${35 - row * 5}%`} height="0.75rem" />
            </span>
          </div>
        ))}
      </div>
    );
  }
  if (menus.isError) {
    return <LoadError title="Failed to load menus" onRetry={() => void menus.refetch()} />;
  }
  if (menus.data.length === 0) {
    return (
      <EmptyState
        title="No menus available"
        message={`Contact your administrator to set up menus for ${restaurant.name}`}
      />
    );
  }
  return (
    <ul className="ui-list" aria-label="Menus">
      {menus.data.map((menu) => {
        const selected = selectedMenuGroup?.menuGroupId === menu.menuGroupId;
        return (
          <li key={menu.menuGroupId}>
            <button
              type="button"
              className="ui-option menu-option"
              aria-pressed={selected}
              onClick={() => onPick(menu)}
            >
              <span className="ui-option__text">
                <span className="ui-option__title">{menu.name}</span>
                {menu.description && <span className="ui-option__meta">{menu.description}</span>}
              </span>
              {selected && <CheckCircleIcon className="menu-option__check" aria-label="Selected" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
