import { ToastProvider } from '@brigade/ui/app-kit/toast';
import { ErrorBoundary } from '@brigade/ui/app-shell/error-boundary';
import { AuthGuard } from '@brigade/ui/auth-guard';
import { useCrossAppSignOut } from '@brigade/ui/lib/use-sign-out';
import { PlatformProvider } from '@brigade/ui/platform';
import { SelectionProvider } from '@brigade/ui/selection';
import { SelectionGuard } from '@brigade/ui/selection-guard';
import { ThemeProvider } from '@brigade/ui/theme';
import { TokenHandler } from '@brigade/ui/token-handler';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { apiClient, queryClient } from './api';
import { AppRoutes } from './routes';
import { AppShell } from './shell/app-shell';
import { SelectionFromUrl } from './shell/selection-from-url';

/** Where people sign in: the auth app (default path /auth; every Brigade port serves it). */
export const AUTH_URL: string = import.meta.env.VITE_AUTH_URL || '/auth';
export const BASENAME = '/manage';

function CrossAppSignOut() {
  // another app or tab signed out: drop what we hold and go to sign-in
  useCrossAppSignOut();
  return null;
}

/** Everything below the router: token handoff, guards, the shell and the routed screens. */
function RoutedApp() {
  return (
    <TokenHandler>
      <AuthGuard>
        <SelectionFromUrl>
          <SelectionGuard context="management">
            <ToastProvider>
              <AppShell>
                <AppRoutes />
              </AppShell>
            </ToastProvider>
          </SelectionGuard>
        </SelectionFromUrl>
      </AuthGuard>
    </TokenHandler>
  );
}

// A data router (one splat route; the screens are descendant <Routes>), so forms can hold a navigation
// while they have unsaved changes (useBlocker).
const router = createBrowserRouter([{ path: '*', element: <RoutedApp /> }], { basename: BASENAME });

/**
 * The management app: token handoff, sign-in and selection guards (context "management"),
 * then the shell with the routed screens.
 */
export function App() {
  return (
    <ErrorBoundary appName="management" page>
      <QueryClientProvider client={queryClient}>
        <PlatformProvider client={apiClient} authUrl={AUTH_URL}>
          <ThemeProvider>
            <SelectionProvider>
              <CrossAppSignOut />
              <RouterProvider router={router} />
            </SelectionProvider>
          </ThemeProvider>
        </PlatformProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
