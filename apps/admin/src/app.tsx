import { AdminProtectedRoute } from '@brigade/ui/admin-protected-route';
import { ToastProvider } from '@brigade/ui/app-kit/toast';
import { ErrorBoundary } from '@brigade/ui/app-shell/error-boundary';
import { useCrossAppSignOut } from '@brigade/ui/lib/use-sign-out';
import { PlatformProvider } from '@brigade/ui/platform';
import { ThemeProvider } from '@brigade/ui/theme';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { apiClient, queryClient } from './api';
import { AppRoutes } from './routes';
import { AppShell } from './shell/app-shell';

/** Where people sign in: the auth app (default path /auth; every Brigade port serves it). */
export const AUTH_URL: string = import.meta.env.VITE_AUTH_URL || '/auth';
/** "Go to Main Site" on the Access Denied screen: the management app unless configured. */
export const MAIN_SITE_URL: string = import.meta.env.VITE_MAIN_SITE_URL || '/manage/';
export const BASENAME = '/admin';

function CrossAppSignOut() {
  // another app or tab signed out: drop what we hold and go to sign-in
  useCrossAppSignOut();
  return null;
}

/**
 * The site administration app: the admin-protected route (token handling, then the sign-in
 * guard, then the admin guard), then the shell with the routed screens. No tenant or restaurant is chosen:
 * a site administrator works across all of them.
 */
export function App() {
  return (
    <ErrorBoundary appName="admin" page>
      <QueryClientProvider client={queryClient}>
        <PlatformProvider client={apiClient} authUrl={AUTH_URL} mainSiteUrl={MAIN_SITE_URL}>
          <ThemeProvider>
            <CrossAppSignOut />
            <BrowserRouter basename={BASENAME}>
              <AdminProtectedRoute>
                <ToastProvider>
                  <AppShell>
                    <AppRoutes />
                  </AppShell>
                </ToastProvider>
              </AdminProtectedRoute>
            </BrowserRouter>
          </ThemeProvider>
        </PlatformProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
