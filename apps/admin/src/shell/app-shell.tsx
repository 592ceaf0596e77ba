import { AppShell as Shell } from '@brigade/ui/app-shell/app-shell';
import { BadgeIcon } from '@brigade/ui/app-shell/icons';
import type { ReactNode } from 'react';
import { NAV_SECTIONS } from './navigation';

/** The sidebar's heading: which app this is (there is no tenant or restaurant to switch here). */
function AppTitle({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="admin-brand" title={collapsed ? 'Brigade Admin' : undefined}>
      <span className="admin-brand__mark" aria-hidden="true">
        <BadgeIcon />
      </span>
      <span className="admin-brand__text shell-collapsible">
        <span className="admin-brand__name">Brigade Admin</span>
        <span className="admin-brand__note">Site administration</span>
      </span>
    </div>
  );
}

const appTitle = (collapsed: boolean) => <AppTitle collapsed={collapsed} />;

/**
 * The admin app's frame (the management app's shell, decision 020): its title over the navigation; an admin
 * sign-out (it clears the stored tenant and restaurant selections first).
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <Shell appName="admin" title="Site administration" sections={NAV_SECTIONS} header={appTitle} adminSignOut>
      {children}
    </Shell>
  );
}
