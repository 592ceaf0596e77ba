import { Button } from '@brigade/ui/components/button';
import { useSignOut } from '@brigade/ui/lib/use-sign-out';
import { useSelection } from '@brigade/ui/selection';
import { NavLink } from 'react-router';
import { BASE } from '../api';

/** The staff bar above the picker and the QR page (the display itself is full-screen, without it). */
export function TopBar() {
  const { restaurant, tenant, clearSelection } = useSelection();
  // signing in again comes back to the menu app
  const { signOut, pending } = useSignOut({ returnUrl: `${window.location.origin}${BASE}/` });
  return (
    <header className="menu-topbar">
      <div className="menu-topbar__brand">
        <span className="menu-topbar__logo" aria-hidden="true">
          B
        </span>
        <span>
          <span className="menu-topbar__title">{restaurant?.name ?? 'Menu display'}</span>
          {tenant && <span className="menu-topbar__meta">{tenant.displayName}</span>}
        </span>
      </div>
      <nav className="menu-topbar__nav" aria-label="Menu app">
        <NavLink to="/" end className="menu-topbar__link">
          Menus
        </NavLink>
        <NavLink to="/qr" className="menu-topbar__link">
          QR code
        </NavLink>
        <Button variant="ghost" size="sm" onClick={clearSelection}>
          Change restaurant
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void signOut()}
          loading={pending}
          loadingText="Signing Out..."
        >
          Sign Out
        </Button>
      </nav>
    </header>
  );
}
