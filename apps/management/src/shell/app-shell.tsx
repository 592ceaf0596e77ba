import { AppShell as Shell } from '@brigade/ui/app-shell/app-shell';
import { type ReactNode, useMemo } from 'react';
import { canCall, useCurrentRestaurant } from '../restaurant-context';
import { NAV_SECTIONS, type NavSection } from './navigation';
import { RestaurantSwitcher } from './restaurant-switcher';

/** The navigation the signed-in user may use: entries they may not open are left out, and empty sections. */
function useNavSections(): readonly NavSection[] {
  const { role, isSiteAdmin } = useCurrentRestaurant();
  return useMemo(
    () =>
      NAV_SECTIONS.map((section) => ({
        ...section,
        items: section.items.filter(
          (item) => !item.requires || canCall(item.requires, { role, isSiteAdmin }),
        ),
      })).filter((section) => section.items.length > 0),
    [role, isSiteAdmin],
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
