import { CATALOGUE_ENDPOINTS_BY_KIND } from '@brigade/contracts/catalogue';
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
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useCatalogueList } from '../../components/catalogue-queries';
import { PageHeader } from '../../components/page-header';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { DashboardSkeleton } from '../../shell/dashboard-skeleton';
import {
  BookIcon,
  FlameIcon,
  GlobeIcon,
  LayersIcon,
  PercentIcon,
  PlusIcon,
  PrinterIcon,
  StoreIcon,
  UsersIcon,
  UtensilsIcon,
} from '../../shell/icons';

interface Count {
  kind: CatalogueKindDefinition;
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  query?: Record<string, unknown>;
}

const COUNTS: readonly Count[] = [
  { kind: MENU_GROUP_KIND, label: 'Menus', to: '/menus', icon: BookIcon, query: { parent: 'none' } },
  { kind: ITEM_KIND, label: 'Items', to: '/items', icon: UtensilsIcon },
  { kind: MODIFIER_GROUP_KIND, label: 'Modifier groups', to: '/modifier-groups', icon: LayersIcon },
  { kind: EMPLOYEE_KIND, label: 'Employees', to: '/employees', icon: UsersIcon },
  { kind: TAX_RATE_KIND, label: 'Tax rates', to: '/tax-rates', icon: PercentIcon },
  { kind: PREP_STATION_KIND, label: 'Prep stations', to: '/prep-stations', icon: FlameIcon },
  { kind: PRINTER_KIND, label: 'Printers', to: '/printers', icon: PrinterIcon },
];

const endpoints = (kind: CatalogueKindDefinition) => {
  const found = CATALOGUE_ENDPOINTS_BY_KIND.get(kind);
  if (!found) throw new Error(`No endpoints for ${kind.path}`);
  return found;
};

function useCount(count: Count) {
  const allowed = useCan(endpoints(count.kind).list);
  const list = useCatalogueList(count.kind, { query: count.query, enabled: allowed });
  return { ...count, allowed, list };
}

/** The dashboard: how much the restaurant has set up (counts that link to each list) and shortcuts. */
export default function DashboardScreen() {
  const { restaurantName } = useCurrentRestaurant();
  const counts = COUNTS.map(useCount).filter((count) => count.allowed);
  const canCreateItem = useCan(endpoints(ITEM_KIND).create);
  const canCreateMenu = useCan(endpoints(MENU_GROUP_KIND).create);
  const loading = counts.some((count) => count.list.isPending);
  const failed = counts.find((count) => count.list.isError);

  if (loading) return <DashboardSkeleton />;
  if (failed) {
    return (
      <ErrorView
        title="Could not load the dashboard"
        message={failed.list.error?.message}
        actions={
          <Button onClick={() => counts.forEach((count) => void count.list.refetch())}>Try Again</Button>
        }
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
      <h2 className="ui-visually-hidden">Summary</h2>
      <div className="dashboard-cards">
        {counts.map(({ kind, label, to, icon: Icon, list }) => (
          <Link key={kind.path} to={to} className="dashboard-card" data-testid={`count-${kind.path}`}>
            <span className="dashboard-card__label">
              <Icon />
              {label}
            </span>
            <span className="dashboard-card__value">{list.data?.length ?? 0}</span>
          </Link>
        ))}
      </div>
      <h2 className="dashboard-section-title">Shortcuts</h2>
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
