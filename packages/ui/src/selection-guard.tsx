import { type ReactNode, useEffect } from 'react';
import { AuthGuard } from './auth-guard';
import { LoadingView } from './components/spinner';
import { AUTO_SELECT_DELAY_MS } from './lib/constants';
import { useMyRestaurants, useMyTenants } from './lib/queries';
import type { SelectionContext } from './lib/selection-wording';
import { useSelection } from './selection';
import { SelectionWizard, type SelectionWizardProps } from './selection-wizard';

export interface SelectionGuardProps {
  children: ReactNode;
  requireTenant?: boolean;
  requireRestaurant?: boolean;
  /** Can be configured to require authentication. */
  requireAuth?: boolean;
  context?: SelectionContext;
  returnUrl?: string;
  onComplete?: SelectionWizardProps['onComplete'];
}

/**
 * Loading, then the wizard card when no valid selection exists, otherwise the content. A
 * single tenant with a single restaurant is selected silently after 100 ms.
 */
export function SelectionGuard({ requireAuth = false, ...props }: SelectionGuardProps) {
  return requireAuth ? (
    <AuthGuard>
      <SelectionGate {...props} />
    </AuthGuard>
  ) : (
    <SelectionGate {...props} />
  );
}

function SelectionGate({
  children,
  requireTenant = true,
  requireRestaurant = true,
  context,
  returnUrl,
  onComplete,
}: Omit<SelectionGuardProps, 'requireAuth'>) {
  const selection = useSelection();
  const satisfied = selection.hasSelection({ tenant: requireTenant, restaurant: requireRestaurant });
  const tenants = useMyTenants(!satisfied);
  const onlyTenant = !satisfied && tenants.data?.length === 1 ? tenants.data[0] : undefined;
  const restaurants = useMyRestaurants(requireRestaurant ? onlyTenant?.tenantId : undefined);
  const onlyRestaurant = restaurants.data?.length === 1 ? restaurants.data[0] : undefined;
  const silent = Boolean(onlyTenant && (!requireRestaurant || onlyRestaurant));
  const { setSelection, selectTenant } = selection;

  useEffect(() => {
    if (satisfied || !onlyTenant || !silent) return;
    const timer = window.setTimeout(() => {
      if (onlyRestaurant) setSelection(onlyTenant, onlyRestaurant);
      else selectTenant(onlyTenant);
    }, AUTO_SELECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [satisfied, silent, onlyTenant, onlyRestaurant, setSelection, selectTenant]);

  if (satisfied) return <>{children}</>;
  const deciding = tenants.isPending || (onlyTenant && requireRestaurant && restaurants.isPending) || silent;
  if (deciding) return <LoadingView page message="Loading your workspace..." />;
  // the page's main landmark and its level-one heading (the wizard's steps are headed one level below)
  return (
    <main className="ui-centered">
      <h1 className="ui-visually-hidden">Choose your organization and restaurant</h1>
      <SelectionWizard context={context} returnUrl={returnUrl} onComplete={onComplete} />
    </main>
  );
}
