import { Button } from '@brigade/ui/components/button';
import { useSession } from '@brigade/ui/lib/session';
import { useSignOut } from '@brigade/ui/lib/use-sign-out';
import { NavLink } from 'react-router';
import { BASE } from '../api';

/**
 * The register's bar: the restaurant, the device and its drawer's state, Register, Sales and Drawer, and
 * the staff member signed in with "Switch staff / Sign out" (the device stays paired; the next one signs in).
 */
export function TopBar(props: {
  restaurantName?: string | undefined;
  deviceName: string;
  /** "Drawer open · float $100.00" or "Drawer closed", once known. */
  drawerStatus?: string | undefined;
  drawerOpen: boolean;
  /** Whether the register reaches the server (decision 063): always shown beside the device. */
  offline: boolean;
  /** With the passcode lock: who unlocked the register (null while locked), and locking it again. */
  staffName?: string | null;
  onSwitchStaff?: () => void;
}) {
  const { restaurantName, deviceName, drawerStatus, drawerOpen, offline, staffName, onSwitchStaff } = props;
  const { state } = useSession();
  // signing in again comes back to the register
  const { signOut, pending } = useSignOut({ returnUrl: `${window.location.origin}${BASE}/` });
  const signedIn = state.status === 'authenticated' ? state.user.displayName : null;
  const who = onSwitchStaff ? staffName : signedIn;
  // the passcode lock is on and nobody has unlocked the register: nowhere to go but the lock screen
  const locked = onSwitchStaff !== undefined && !staffName;
  return (
    <header className="pos-topbar">
      <div className="pos-topbar__brand">
        <span className="pos-topbar__logo" aria-hidden="true">
          B
        </span>
        <span className="pos-topbar__names">
          <span className="pos-topbar__title">{restaurantName ?? 'Register'}</span>
          <TopBarMeta {...{ deviceName, drawerStatus, drawerOpen, offline }} />
        </span>
      </div>
      {!locked && (
        <nav className="pos-topbar__nav" aria-label="Register">
          <NavLink to="/" end className="pos-topbar__link">
            Register
          </NavLink>
          <NavLink to="/tables" className="pos-topbar__link">
            Tables
          </NavLink>
          <NavLink to="/sales" className="pos-topbar__link">
            Sales
          </NavLink>
          <NavLink to="/drawer" className="pos-topbar__link">
            Drawer
          </NavLink>
        </nav>
      )}
      <div className="pos-topbar__staff">
        {who && (
          <span className="pos-topbar__who" data-testid="register-staff">
            {who}
          </span>
        )}
        {onSwitchStaff && staffName && <Button onClick={onSwitchStaff}>Switch staff</Button>}
        <Button
          variant="secondary"
          onClick={() => void signOut()}
          loading={pending}
          loadingText="Signing Out..."
        >
          {onSwitchStaff ? 'Sign out' : 'Switch staff / Sign out'}
        </Button>
      </div>
    </header>
  );
}

/** Online or offline (decision 063), the device, and its drawer's state once known. */
function TopBarMeta(props: {
  deviceName: string;
  drawerStatus?: string | undefined;
  drawerOpen: boolean;
  offline: boolean;
}) {
  const { deviceName, drawerStatus, drawerOpen, offline } = props;
  return (
    <span className="pos-topbar__meta">
      <span
        className="pos-topbar__connection"
        data-state={offline ? 'offline' : 'online'}
        data-testid="connection-state"
      >
        {offline ? 'Offline' : 'Online'}
      </span>
      {' · '}
      <span>{deviceName}</span>
      {drawerStatus && (
        <>
          {' · '}
          <span
            className="pos-topbar__drawer"
            data-open={drawerOpen ? 'true' : undefined}
            data-testid="drawer-status"
          >
            {drawerStatus}
          </span>
        </>
      )}
    </span>
  );
}
