import { HomeIcon, LinkIcon, StoreIcon, UsersIcon } from '@brigade/ui/app-shell/icons';
import type { NavSection } from '@brigade/ui/app-shell/sidebar';
import { BuildingIcon, InboxIcon, MailIcon, PaletteIcon, QueueIcon } from './icons';

/**
 * The admin sidebar (issue 17): Overview; People & organisations. Every entry is for site administrators
 * only — the admin guard in front of the shell lets no one else in.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    items: [
      { to: '/', label: 'Overview', icon: HomeIcon, end: true },
      { to: '/inbox', label: 'Inbox', icon: InboxIcon },
    ],
  },
  {
    title: 'Platform',
    items: [
      { to: '/users', label: 'Users', icon: UsersIcon },
      { to: '/tenants', label: 'Tenants', icon: BuildingIcon },
      { to: '/restaurants', label: 'Restaurants', icon: StoreIcon },
      { to: '/jobs', label: 'Jobs', icon: QueueIcon },
      { to: '/outbox', label: 'Outbox', icon: MailIcon },
    ],
  },
  {
    title: 'Public sites',
    items: [
      { to: '/site-config', label: 'Site configuration', icon: PaletteIcon },
      { to: '/domains', label: 'Domains', icon: LinkIcon },
    ],
  },
];
