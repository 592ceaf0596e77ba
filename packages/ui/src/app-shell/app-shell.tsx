import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { LoadingView } from '../components/spinner';
import { ErrorBoundary } from './error-boundary';
import { Sidebar, type SidebarProps, SidebarTrigger } from './sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';

export interface AppShellProps extends SidebarProps {
  children: ReactNode;
  /** The top bar's title (the management app's restaurant, the admin app's "Site administration"). */
  title: ReactNode;
  /** Which app this is, in the console message of an error the shell catches ("management", "admin"). */
  appName: string;
}

function Frame({ children, title, appName, ...sidebar }: AppShellProps) {
  const { open, isMobile } = useSidebar();
  const location = useLocation();
  return (
    <div className="shell" data-sidebar={isMobile ? 'sheet' : open ? 'expanded' : 'collapsed'}>
      <a className="shell-skip" href="#main">
        Skip to content
      </a>
      <Sidebar {...sidebar} />
      <div className="shell-body">
        <header className="shell-topbar">
          <SidebarTrigger />
          <span className="shell-topbar__title">{title}</span>
        </header>
        <main id="main" className="shell-main" tabIndex={-1}>
          <ErrorBoundary appName={appName} resetKey={location.pathname}>
            <Suspense fallback={<LoadingView page />}>{children}</Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}

/** An app's frame (management, admin): sidebar, top bar with the sidebar trigger, and the routed screen. */
export function AppShell(props: AppShellProps) {
  return (
    <SidebarProvider>
      <Frame {...props} />
    </SidebarProvider>
  );
}
