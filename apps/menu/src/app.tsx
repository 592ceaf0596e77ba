import { useCrossAppSignOut } from '@brigade/ui/lib/use-sign-out';
import { PlatformProvider } from '@brigade/ui/platform';
import { SelectionProvider, useSelection } from '@brigade/ui/selection';
import { SelectionGuard } from '@brigade/ui/selection-guard';
import { TokenHandler } from '@brigade/ui/token-handler';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { apiClient, BASE, queryClient } from './api';
import { MenuSelectionProvider } from './menu-selection';
import { DisplayScreen } from './screens/display-screen';
import { PickerScreen } from './screens/picker-screen';
import { QrScreen } from './screens/qr-screen';

/** The selection of the menu app lives under its own namespace: a screen keeps its restaurant. */
export const SELECTION_NAMESPACE = 'menu';

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

/** Signed-in selection of an organisation and restaurant in context "menu". */
function SignedIn() {
  useCrossAppSignOut();
  return (
    <SelectionGuard requireAuth context="menu">
      <RestaurantScope />
    </SelectionGuard>
  );
}

function RestaurantScope() {
  const { restaurant } = useSelection();
  // keyed by restaurant: another restaurant starts from its own stored menu selection
  return (
    <MenuSelectionProvider
      key={restaurant?.guid ?? 'none'}
      restaurantGuid={restaurant?.guid ?? 'none'}
      namespace={SELECTION_NAMESPACE}
    >
      <Routes>
        <Route index element={<PickerScreen />} />
        <Route path="display" element={<DisplayScreen />} />
        <Route path="qr" element={<QrScreen />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </MenuSelectionProvider>
  );
}
