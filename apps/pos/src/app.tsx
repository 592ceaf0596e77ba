import { useCrossAppSignOut } from '@brigade/ui/lib/use-sign-out';
import { PlatformProvider } from '@brigade/ui/platform';
import { SelectionProvider, useSelection } from '@brigade/ui/selection';
import { SelectionGuard } from '@brigade/ui/selection-guard';
import { TokenHandler } from '@brigade/ui/token-handler';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { apiClient, BASE, queryClient } from './api';
import { DeviceGate } from './register/device-gate';

/** The register keeps its own organisation and restaurant: a device stays where it was paired. */
export const SELECTION_NAMESPACE = 'pos';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider client={apiClient}>
        <SelectionProvider namespace={SELECTION_NAMESPACE}>
          {/* the handoff parameters leave the address before the router reads it */}
          <TokenHandler>
            <BrowserRouter basename={BASE}>
              <SignedIn />
            </BrowserRouter>
          </TokenHandler>
        </SelectionProvider>
      </PlatformProvider>
    </QueryClientProvider>
  );
}

/**
 * The router writes its root as `/pos` (the basename), which the service worker's scope `/pos/` does not
 * cover: a reload there with the server out of reach would find no register. The address keeps its slash.
 */
function useAddressInScope() {
  const location = useLocation();
  useEffect(() => {
    if (location.pathname === '/' && window.location.pathname === BASE)
      window.history.replaceState(
        window.history.state,
        '',
        `${BASE}/${window.location.search}${window.location.hash}`,
      );
  }, [location]);
}

/** Signed-in selection of an organisation and restaurant in context "pos". */
function SignedIn() {
  useCrossAppSignOut();
  useAddressInScope();
  return (
    <SelectionGuard requireAuth context="pos">
      <RestaurantScope />
    </SelectionGuard>
  );
}

function RestaurantScope() {
  const { tenant, restaurant } = useSelection();
  if (!tenant || !restaurant) return null;
  // keyed by restaurant: another restaurant has its own device token and its own check
  return (
    <DeviceGate
      key={`${tenant.tenantId}:${restaurant.restaurantId}`}
      scope={{ tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId }}
    />
  );
}
