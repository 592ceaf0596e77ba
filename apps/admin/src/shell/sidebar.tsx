import { Spinner } from '@brigade/ui/components/spinner';
import { useSession } from '@brigade/ui/lib/session';
import { useSignOut } from '@brigade/ui/lib/use-sign-out';
import { ThemeSwitcher } from '@brigade/ui/theme-switcher';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BadgeIcon, LogOutIcon, PanelIcon } from './icons';
import { NAV_SECTIONS } from './navigation';
import { useSidebar } from './sidebar-state';

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

/** What the desktop sidebar and the mobile sheet both show. */
function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const sections = NAV_SECTIONS;
  const session = useSession();
  // spec 01 §4: an admin sign-out clears the stored tenant and restaurant selections first
  const { signOut, pending } = useSignOut({ admin: true });
  const user = session.state.status === 'authenticated' ? session.state.user : null;
  return (
    <>
      <div className="shell-sidebar__header">
        <AppTitle collapsed={collapsed} />
      </div>
      <nav className="shell-nav" aria-label="Main">
        {sections.map((section) => (
          <div key={section.title ?? 'home'} className="shell-nav__section">
            {section.title && <p className="shell-nav__title shell-collapsible">{section.title}</p>}
            <ul className="shell-nav__list">
              {section.items.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className="shell-nav__link"
                    title={collapsed ? label : undefined}
                    onClick={onNavigate}
                  >
                    <Icon className="shell-nav__icon" />
                    <span className="shell-collapsible">{label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="shell-sidebar__footer">
        <ThemeSwitcher compact />
        {user && (
          <p className="shell-user shell-collapsible" title={user.email}>
            {user.displayName || user.email}
          </p>
        )}
        <button
          type="button"
          className="ui-button ui-button--ghost ui-button--sm shell-signout"
          onClick={() => void signOut()}
          disabled={pending}
          title={collapsed ? 'Sign Out' : undefined}
        >
          {pending ? <Spinner /> : <LogOutIcon />}
          <span className={collapsed ? 'ui-visually-hidden' : undefined}>
            {pending ? 'Signing Out...' : 'Sign Out'}
          </span>
        </button>
      </div>
    </>
  );
}

/**
 * The collapsible sidebar (spec 01 §2.8). Desktop: a column 16rem wide, or 3rem of icons when collapsed.
 * Below 768 px: a slide-over sheet 18rem wide on a modal <dialog> (focus stays inside, Esc closes).
 */
export function Sidebar() {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  const sheetRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    const sheet = sheetRef.current;
    if (!sheet) return;
    if (openMobile && !sheet.open) {
      sheet.showModal();
      sheet.querySelector<HTMLElement>('.shell-nav__link[aria-current="page"], .shell-nav__link')?.focus();
    }
    if (!openMobile && sheet.open) sheet.close();
  }, [openMobile]);

  // a navigation closes the sheet
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location changes only
  useEffect(() => {
    setOpenMobile(false);
  }, [location.pathname, setOpenMobile]);

  if (isMobile) {
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Esc is the keyboard way
      <dialog
        ref={sheetRef}
        className="shell-sheet"
        aria-label="Navigation"
        data-testid="sidebar-sheet"
        onCancel={(event) => {
          event.preventDefault();
          setOpenMobile(false);
        }}
        onClick={(event) => {
          if (event.target === sheetRef.current) setOpenMobile(false);
        }}
      >
        <div className="shell-sidebar shell-sidebar--sheet">
          <SidebarContent collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </div>
      </dialog>
    );
  }
  return (
    <aside
      className="shell-sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      data-testid="sidebar"
      aria-label="Sidebar"
    >
      <SidebarContent collapsed={!open} />
    </aside>
  );
}

/** The button that opens and closes the sidebar (and the sheet on phones); Ctrl/Cmd+B does the same. */
export function SidebarTrigger() {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  return (
    <button
      type="button"
      className="ui-button ui-button--ghost ui-button--sm shell-trigger"
      onClick={toggle}
      aria-label="Toggle Sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle Sidebar (Ctrl+B)"
    >
      <PanelIcon />
    </button>
  );
}
