import type { ComponentType, SVGProps } from 'react';
import { BuildingIcon, HomeIcon, StoreIcon, UsersIcon } from './icons';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on the exact path (the overview). */
  end?: boolean;
}

export interface NavSection {
  /** No title: the section is shown without a heading (Overview). */
  title?: string;
  items: NavLinkItem[];
}

/**
 * The admin sidebar (issue 17): Overview; People & organisations. Every entry is for site administrators
 * only — the admin guard in front of the shell lets no one else in (spec 01 §2.7, §6).
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  { items: [{ to: '/', label: 'Overview', icon: HomeIcon, end: true }] },
  {
    title: 'Platform',
    items: [
      { to: '/users', label: 'Users', icon: UsersIcon },
      { to: '/tenants', label: 'Tenants', icon: BuildingIcon },
      { to: '/restaurants', label: 'Restaurants', icon: StoreIcon },
    ],
  },
];
