import type { ResponseOf } from '@brigade/api-client/client';
import { CATALOGUE_ENDPOINTS_BY_KIND, getCatalogueSummary } from '@brigade/contracts/catalogue';
import {
  type CatalogueKindDefinition,
  EMPLOYEE_KIND,
  ITEM_KIND,
  MENU_GROUP_KIND,
  MODIFIER_GROUP_KIND,
  PREP_STATION_KIND,
  PRINTER_KIND,
  TAX_RATE_KIND,
} from '@brigade/domain/catalogue/kinds';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { DashboardSkeleton } from '@brigade/ui/app-shell/dashboard-skeleton';
import { PlusIcon, StoreIcon, UsersIcon } from '@brigade/ui/app-shell/icons';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import {
  BookIcon,
  FlameIcon,
  GlobeIcon,
  LayersIcon,
  PercentIcon,
  PrinterIcon,
  UtensilsIcon,
} from '../../shell/icons';
import { SetupChecklist, TodayFigures } from './setup-checklist';

type Summary = ResponseOf<typeof getCatalogueSummary>['data'];

interface Count {
  /** The list the card links to; it is shown to those who may read that list. */
  kind: CatalogueKindDefinition;
  /** The summary's count. */
  key: Exclude<keyof Summary, 'setup' | 'today'>;
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const COUNTS: readonly Count[] = [
  { kind: MENU_GROUP_KIND, key: 'menus', label: 'Menus', to: '/menus', icon: BookIcon },
  { kind: ITEM_KIND, key: 'items', label: 'Items', to: '/items', icon: UtensilsIcon },
  {
    kind: MODIFIER_GROUP_KIND,
    key: 'modifierGroups',
    label: 'Modifier groups',
    to: '/modifier-groups',
    icon: LayersIcon,
  },
  { kind: EMPLOYEE_KIND, key: 'employees', label: 'Employees', to: '/employees', icon: UsersIcon },
  { kind: TAX_RATE_KIND, key: 'taxRates', label: 'Tax rates', to: '/tax-rates', icon: PercentIcon },
  {
    kind: PREP_STATION_KIND,
    key: 'prepStations',
    label: 'Prep stations',
    to: '/prep-stations',
    icon: FlameIcon,
  },
  { kind: PRINTER_KIND, key: 'printers', label: 'Printers', to: '/printers', icon: PrinterIcon },
];

const endpoints = (kind: CatalogueKindDefinition) => {
  const found = CATALOGUE_ENDPOINTS_BY_KIND.get(kind);
  if (!found) throw new Error(`No endpoints for ${kind.path}`);
  return found;
};

function useCount(count: Count) {
  return { ...count, allowed: useCan(endpoints(count.kind).list) };
}

/**
 * The restaurant's counts in one request (the catalogue summary), under the dashboard's key, which every
 * catalogue change invalidates (catalogue-queries.ts).
 */
function useCatalogueSummary() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'dashboard', 'catalogue-summary'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getCatalogueSummary, { params: { tenantId, restaurantId }, signal })).data,
  });
}

/**
 * The dashboard: today's orders and sales once there are any, the set-up checklist until it is done, how
 * much the restaurant has set up (counts that link to each list) and shortcuts. One request.
 */
export default function DashboardScreen() {
  const { restaurantName } = useCurrentRestaurant();
  const counts = COUNTS.map(useCount).filter((count) => count.allowed);
  const summary = useCatalogueSummary();
  const canCreateItem = useCan(endpoints(ITEM_KIND).create);
  const canCreateMenu = useCan(endpoints(MENU_GROUP_KIND).create);

  if (summary.isPending) return <DashboardSkeleton />;
  if (summary.isError) {
    return (
      <ErrorView
        title="Could not load the dashboard"
        message={summary.error.message}
        actions={<Button onClick={() => void summary.refetch()}>Try Again</Button>}
      />
    );
  }

  const shortcuts = [
    canCreateItem && {
      to: '/items/new',
      label: 'Add an item',
      text: 'A dish or drink with its prices',
      icon: PlusIcon,
    },
    canCreateMenu && {
      to: '/menus',
      label: 'Build a menu',
      text: 'Groups, items and availability',
      icon: BookIcon,
    },
    {
      to: '/restaurant',
      label: 'Profile & hours',
      text: 'Address, contact and opening hours',
      icon: StoreIcon,
    },
    { to: '/website', label: 'Website', text: 'Branding, content and ordering', icon: GlobeIcon },
  ].filter((shortcut) => shortcut !== false);

  return (
    <>
      <PageHeader title="Dashboard" description={`What ${restaurantName} has set up, at a glance.`} />
      {summary.data.today ? <TodayFigures today={summary.data.today} /> : null}
      <SetupChecklist summary={summary.data} />
      <h2 className="ui-visually-hidden">Summary</h2>
      <div className="dashboard-cards">
        {counts.map(({ kind, key, label, to, icon: Icon }) => (
          <Link key={kind.path} to={to} className="dashboard-card" data-testid={`count-${kind.path}`}>
            <span className="dashboard-card__label">
              <Icon />
              {label}
            </span>
            <span className="dashboard-card__value">{summary.data[key] ?? 0}</span>
          </Link>
        ))}
      </div>
      <h2 className="section-title">Shortcuts</h2>
      <ul className="dashboard-shortcuts">
        {shortcuts.map(({ to, label, text, icon: Icon }) => (
          <li key={to + label}>
            <Link to={to} className="dashboard-card">
              <span className="dashboard-card__label">
                <Icon />
                <strong>{label}</strong>
              </span>
              <span className="ui-small ui-muted">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
