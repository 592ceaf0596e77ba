import { type ComponentType, type ReactNode, type SVGProps, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { useSession } from '../lib/session';
import { useSignOut } from '../lib/use-sign-out';
import { ThemeSwitcher } from '../theme-switcher';
import { LogOutIcon, PanelIcon } from './icons';
import { useSidebar } from './sidebar-state';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on the exact path (the dashboard, the overview). */
  end?: boolean;
  /** Something waiting there (new orders): a count on the link, and what it counts for screen readers. */
  badge?: { count: number; label: string } | undefined;
}

export interface NavSection<Item extends NavLinkItem = NavLinkItem> {
  /** No title: the section is shown without a heading (Dashboard, Overview). */
  title?: string;
  items: Item[];
}

/** What differs between the apps that use the shell: their navigation and the sidebar's heading. */
export interface SidebarProps {
  /** The navigation the signed-in user may use (the app leaves out what they may not open). */
  sections: readonly NavSection[];
  /** The sidebar's heading (the management app's restaurant switcher, the admin app's title). */
  header: (collapsed: boolean) => ReactNode;
  /** An admin sign-out clears the stored tenant and restaurant selections first. */
  adminSignOut?: boolean;
}

/** What the desktop sidebar and the mobile sheet both show. */
function SidebarContent({
  collapsed,
  onNavigate,
  sections,
  header,
  adminSignOut,
}: SidebarProps & { collapsed: boolean; onNavigate?: () => void }) {
  const session = useSession();
  const { signOut, pending } = useSignOut({ admin: adminSignOut });
  const user = session.state.status === 'authenticated' ? session.state.user : null;
  return (
    <>
      <div className="shell-sidebar__header">{header(collapsed)}</div>
      <nav className="shell-nav" aria-label="Main">
        {sections.map((section) => (
          <div key={section.title ?? 'home'} className="shell-nav__section">
            {section.title && <p className="shell-nav__title shell-collapsible">{section.title}</p>}
            <ul className="shell-nav__list">
              {section.items.map(({ to, label, icon: Icon, end, badge }) => (
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
                    {badge && badge.count > 0 && (
                      <span className="shell-nav__badge">
                        <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
                        <span className="ui-visually-hidden">, {badge.label}</span>
                      </span>
                    )}
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
 * The collapsible sidebar. Desktop: a column 16rem wide, or 3rem of icons when collapsed.
 * Below 768 px: a slide-over sheet 18rem wide on a modal <dialog> (focus stays inside, Esc closes).
 */
export function Sidebar(props: SidebarProps) {
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
          <SidebarContent {...props} collapsed={false} onNavigate={() => setOpenMobile(false)} />
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
      <SidebarContent {...props} collapsed={!open} />
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
