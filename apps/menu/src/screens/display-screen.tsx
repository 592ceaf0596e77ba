import type { Jsonify } from '@brigade/api-client/client';
import type { ResolvedItemReference, ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { withoutHiddenItems } from '@brigade/domain/catalogue/sold-out';
import { ensureContrast, readableOn } from '@brigade/domain/colour-contrast';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useSelection } from '@brigade/ui/selection';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keptSearch, refreshIntervalMs } from '../api';
import { useMenuSelection } from '../menu-selection';
import {
  caloriesLabel,
  type GroupPricing,
  groupPriceLabel,
  itemPriceView,
  modifierGroupView,
} from '../prices';
import { type RestaurantRef, useMenus, useResolvedMenu, useRestaurant } from '../queries';
import { balanceColumns, boardBlocks, columnCount, hasItems } from './board-columns';
import { COLUMN_GAP_PX, dwellMs } from './board-pages';
import { LoadError } from './load-error';
import { PagedBody } from './paged-body';
import { SoldOutContext, useSoldOut, useSoldOutRule } from './sold-out';

const THEME_KEY = 'menu_display_theme';
type DisplayTheme = 'dark' | 'light';

/**
 * The full-screen menu (issue 9 §5): large type for reading across a room, the selected menu or all of
 * them, polled so that a change in the back office shows up without anyone touching the screen.
 */
export function DisplayScreen() {
  const { restaurant } = useSelection();
  const selection = useMenuSelection();
  const navigate = useNavigate();
  const { search } = useLocation();
  const interval = refreshIntervalMs(search);
  const [theme, setTheme] = useDisplayTheme();
  const back = () => navigate({ pathname: '/', search: keptSearch(search) });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.fullscreenElement)
        navigate({ pathname: '/', search: keptSearch(search) });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, search]);

  if (!restaurant)
    return <EmptyState title="No restaurant selected" message="Please select a restaurant first" />;
  const ref: RestaurantRef = {
    tenantId: restaurant.tenantId,
    restaurantId: restaurant.restaurantId,
    guid: restaurant.guid,
  };
  const single = selection.displayMode === 'single' ? selection.selectedMenuGroup : null;

  return (
    <div className="menu-display" data-display-theme={theme}>
      <BrandColours restaurant={ref} theme={theme} />
      <header className="menu-display__header">
        <div>
          <p className="menu-display__restaurant">{restaurant.name}</p>
          <h1 className="menu-display__title">{single ? single.name : 'Our Menus'}</h1>
        </div>
        <div className="menu-display__controls">
          <Button variant="ghost" size="sm" onClick={back}>
            Menus
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={theme === 'dark'}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? 'Light screen' : 'Dark screen'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void document.documentElement.requestFullscreen?.()}
          >
            Full screen
          </Button>
        </div>
      </header>
      <PagedBody dwell={dwellMs(search)}>
        {single ? (
          <MenuBoard restaurant={ref} menuGroupId={single.menuGroupId} interval={interval} />
        ) : (
          <AllMenus restaurant={ref} interval={interval} />
        )}
      </PagedBody>
    </div>
  );
}

// The display's backgrounds (packages/ui styles.css --bg-color) the brand colour must read on.
const DISPLAY_BACKGROUND: Record<DisplayTheme, string> = { dark: '#12100f', light: '#f6f5f3' };

/**
 * The restaurant's primary colour (website branding) as the display's brand colour in place of Brigade's,
 * darkened or lightened until it reads on the screen's background (WCAG 4.5:1).
 */
function BrandColours({ restaurant, theme }: { restaurant: RestaurantRef; theme: DisplayTheme }) {
  const details = useRestaurant(restaurant);
  const primary = details.data?.websiteConfig.branding.colors.primary;
  useEffect(() => {
    if (!primary) return;
    const root = document.documentElement.style;
    const brand = ensureContrast(primary, DISPLAY_BACKGROUND[theme]);
    root.setProperty('--brand', brand);
    root.setProperty('--brand-contrast', readableOn(brand));
    root.setProperty('--brand-soft', `color-mix(in srgb, ${brand} 16%, transparent)`);
    return () => {
      for (const name of ['--brand', '--brand-contrast', '--brand-soft']) root.removeProperty(name);
    };
  }, [primary, theme]);
  return null;
}

function useDisplayTheme(): [DisplayTheme, (theme: DisplayTheme) => void] {
  const [theme, setTheme] = useState<DisplayTheme>(() => {
    try {
      return window.localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
    } catch {
      return 'dark';
    }
  });
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.dataset.theme;
    root.dataset.theme = theme;
    try {
      window.localStorage.setItem(THEME_KEY, theme);
    } catch {
      // storage disabled
    }
    return () => {
      if (previous === undefined) delete root.dataset.theme;
      else root.dataset.theme = previous;
    };
  }, [theme]);
  return [theme, setTheme];
}

function AllMenus({ restaurant, interval }: { restaurant: RestaurantRef; interval: number }) {
  const { restaurant: selected } = useSelection();
  const menus = useMenus(restaurant, interval);
  // All menus at once is the menu selection wizard in its 'all' mode: its own wording.
  if (menus.isPending) return <LoadingView page message="Loading available menus..." />;
  if (menus.isError)
    return (
      <LoadError
        title="Error Loading Menus"
        message="Unable to load menus for this restaurant."
        onRetry={() => void menus.refetch()}
      />
    );
  if (menus.data.length === 0)
    return (
      <EmptyState
        title="No Menus Available"
        message={`${selected?.name ?? 'This restaurant'} doesn't have any menus configured yet.`}
      />
    );
  return (
    <>
      {menus.data.map((menu) => (
        <MenuBoard
          key={menu.menuGroupId}
          restaurant={restaurant}
          menuGroupId={menu.menuGroupId}
          interval={interval}
          showTitle
        />
      ))}
    </>
  );
}

function MenuBoard({
  restaurant,
  menuGroupId,
  interval,
  showTitle = false,
}: {
  restaurant: RestaurantRef;
  menuGroupId: number;
  interval: number;
  showTitle?: boolean;
}) {
  const menu = useResolvedMenu(restaurant, menuGroupId, interval);
  const details = useRestaurant(restaurant);
  const currency = details.data?.settings.currency ?? 'USD';
  const rule = useSoldOutRule(menu.data?.soldOutItemIds, details.data?.websiteConfig);
  // the 86 rule (issue 45 item 5): items it hides leave the board; the same menu when none do
  const shown = useMemo(
    () => menu.data && withoutHiddenItems(menu.data.menu, rule.soldOut, rule.display),
    [menu.data, rule],
  );
  if (menu.isPending) return <LoadingView page message="Loading menu..." />;
  if (menu.isError) return <LoadError title="Failed to load menus" onRetry={() => void menu.refetch()} />;
  const { available } = menu.data;
  const root = shown ?? menu.data.menu;
  if (!available)
    return (
      <EmptyState title={`${root.name} is not available right now`} message="Please check back later." />
    );
  return (
    <section className="menu-board" aria-label={root.name} data-updated-at={menu.dataUpdatedAt}>
      {showTitle && <h2 className="menu-board__title">{root.name}</h2>}
      {root.description && <p className="menu-board__description">{root.description}</p>}
      <SoldOutContext.Provider value={rule}>
        <BoardColumns root={root} currency={currency} />
      </SoldOutContext.Provider>
    </section>
  );
}

/** Narrowest column of the board (26rem; the CSS uses the same). */
const COLUMN_REM = 26;

/**
 * The menu's groups in columns as wide as the screen allows: each group (or subgroup) stays whole in one
 * column, in reading order, with the columns as even as whole groups permit.
 */
function BoardColumns({ root, currency }: { root: Jsonify<ResolvedMenuGroup>; currency: string }) {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  const blocks = useMemo(() => boardBlocks(root), [root]);
  const rem =
    typeof window === 'undefined'
      ? 16
      : Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const columns = useMemo(
    () => balanceColumns(blocks, columnCount(width, COLUMN_REM * rem, COLUMN_GAP_PX)),
    [blocks, width, rem],
  );
  if (blocks.length === 0) return <p className="menu-board__description">No items on this menu yet.</p>;
  return (
    <div
      ref={setElement}
      className="menu-board__columns"
      style={{ '--board-columns': columns.length } as CSSProperties}
    >
      {columns.map((column) => (
        <div key={column[0]?.group.menuGroupId} className="menu-board__column">
          {column.map((block) => (
            <GroupSection
              key={block.group.menuGroupId}
              group={block.group}
              currency={currency}
              level={block.level}
              parent={block.parent}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function GroupSection({
  group,
  currency,
  level,
  parent,
}: {
  group: Jsonify<ResolvedMenuGroup>;
  currency: string;
  level: 3 | 4;
  parent: GroupPricing;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  // a group without its own pricing type follows its parent's fixed/discount pricing
  const pricing: GroupPricing = group.pricingType && group.pricingType !== 'standard' ? group : parent;
  const priceLabel = groupPriceLabel(group, currency);
  return (
    <section className={level === 3 ? 'menu-group' : 'menu-group menu-group--sub'}>
      <Heading className="menu-group__name">
        {group.name}
        {priceLabel && <span className="menu-group__price">{priceLabel}</span>}
      </Heading>
      {group.description && <p className="menu-group__description">{group.description}</p>}
      {group.items.length > 0 && (
        <ul className="menu-items">
          {group.items.map((reference) => (
            <MenuItem key={reference.itemId} reference={reference} pricing={pricing} currency={currency} />
          ))}
        </ul>
      )}
      {group.subgroups.filter(hasItems).map((sub) => (
        <GroupSection key={sub.menuGroupId} group={sub} currency={currency} level={4} parent={pricing} />
      ))}
    </section>
  );
}

function MenuItem({
  reference,
  pricing,
  currency,
}: {
  reference: Jsonify<ResolvedItemReference>;
  pricing: GroupPricing;
  currency: string;
}) {
  const { item } = reference;
  const soldOut = useSoldOut(item.itemId);
  const price = itemPriceView(item, pricing, currency);
  const calories = caloriesLabel(item.calories);
  const description = item.customerDescription;
  return (
    <li className={soldOut ? 'menu-item menu-item--sold-out' : 'menu-item'} data-item-id={item.itemId}>
      <div className="menu-item__line">
        <span className="menu-item__name">{item.name}</span>
        {soldOut && <span className="menu-item__sold-out">Sold out</span>}
        <span className="menu-item__leader" aria-hidden="true" />
        {price.kind === 'single' && (
          <span className="menu-item__price">
            {price.original && <s className="menu-item__original">{price.original}</s>} {price.price}
          </span>
        )}
        {price.kind === 'text' && <span className="menu-item__price">{price.text}</span>}
      </div>
      {price.kind === 'sizes' && (
        <p className="menu-item__sizes">
          {price.sizes.map((size) => (
            <span key={size.name} className="menu-item__size">
              {size.name} <strong>{size.price}</strong>
            </span>
          ))}
        </p>
      )}
      {description && <p className="menu-item__description">{description}</p>}
      {(calories || item.tags.length > 0) && (
        <p className="menu-item__meta">
          {calories && <span>{calories}</span>}
          {item.tags.map((tag) => (
            <span key={tag.tagId} className="ui-badge">
              {tag.name}
            </span>
          ))}
        </p>
      )}
      {item.modifierGroups.map((reference) => {
        const view = modifierGroupView(reference, currency);
        if (view.modifiers.length === 0) return null;
        return (
          <p key={reference.modifierGroupId} className="menu-item__modifiers">
            <span className="menu-item__modifier-group">
              {view.name}
              {view.required ? ' (required)' : ''}
              {view.groupPrice ? ` ${view.groupPrice}` : ''}:
            </span>{' '}
            {view.modifiers.map((modifier, index) => (
              <span key={modifier.key}>
                {index > 0 && ', '}
                {modifier.name}
                {modifier.price && <span className="menu-item__modifier-price"> {modifier.price}</span>}
              </span>
            ))}
          </p>
        );
      })}
    </li>
  );
}
