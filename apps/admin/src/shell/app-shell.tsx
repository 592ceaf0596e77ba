import { LoadingView } from '@brigade/ui/components/spinner';
import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { Sidebar, SidebarTrigger } from './sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';

function Frame({ children }: { children: ReactNode }) {
  const { open, isMobile } = useSidebar();
  const location = useLocation();
  return (
    <div className="shell" data-sidebar={isMobile ? 'sheet' : open ? 'expanded' : 'collapsed'}>
      <a className="shell-skip" href="#main">
        Skip to content
      </a>
      <Sidebar />
      <div className="shell-body">
        <header className="shell-topbar">
          <SidebarTrigger />
          <span className="shell-topbar__title">Site administration</span>
        </header>
        <main id="main" className="shell-main" tabIndex={-1}>
          <ErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<LoadingView page />}>{children}</Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}

/** The admin app's frame (the management app's shell, decision 020): sidebar, top bar with the sidebar trigger, and the routed screen. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <Frame>{children}</Frame>
    </SidebarProvider>
  );
}
