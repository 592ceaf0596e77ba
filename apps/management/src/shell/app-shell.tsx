import { listOrders } from '@brigade/contracts/ordering';
import { AppShell as Shell } from '@brigade/ui/app-shell/app-shell';
import { type ReactNode, useMemo } from 'react';
import { canCall, useCurrentRestaurant } from '../restaurant-context';
import { useOrderStream } from '../screens/orders/live-orders';
import { useWaitingOrderCount } from '../screens/orders/orders-api';
import { NAV_SECTIONS, type NavSection } from './navigation';
import { RestaurantSwitcher } from './restaurant-switcher';

/**
 * The navigation the signed-in user may use: entries they may not open are left out, and empty sections. Orders
 * carries the count of orders waiting to be accepted, live from the order stream, wherever the user is.
 */
function useNavSections(): readonly NavSection[] {
  const { role, isSiteAdmin } = useCurrentRestaurant();
  const seesOrders = canCall(listOrders, { role, isSiteAdmin });
  useOrderStream(seesOrders);
  const waiting = useWaitingOrderCount(seesOrders);
  return useMemo(
    () =>
      NAV_SECTIONS.map((section) => ({
        ...section,
        items: section.items
          .filter((item) => !item.requires || canCall(item.requires, { role, isSiteAdmin }))
          .map((item) =>
            item.to === '/orders' && waiting > 0
              ? { ...item, badge: { count: waiting, label: `${waiting} waiting to be accepted` } }
              : item,
          ),
      })).filter((section) => section.items.length > 0),
    [role, isSiteAdmin, waiting],
  );
}

const switcher = (collapsed: boolean) => <RestaurantSwitcher collapsed={collapsed} />;

/** The management app's frame: the restaurant switcher over its navigation, the restaurant as the title. */
export function AppShell({ children }: { children: ReactNode }) {
  const { restaurantName } = useCurrentRestaurant();
  const sections = useNavSections();
  return (
    <Shell appName="management" title={restaurantName} sections={sections} header={switcher}>
      {children}
    </Shell>
  );
}
