import { useCallback, useState } from 'react';
import { Alert } from './components/alert';
import { Button } from './components/button';
import { Card } from './components/card';
import { Dialog } from './components/dialog';
import { ChevronLeftIcon } from './components/icons';
import { SkeletonRows } from './components/skeleton';
import { LoadingView } from './components/spinner';
import { MessageAdmins } from './first-restaurant';
import { handoffRedirectUrl } from './lib/handoff';
import {
  SELECTION_WORDING,
  type SelectionContext,
  WIZARD_RESTAURANT_TITLE,
  WIZARD_TENANT_TEXT,
  WIZARD_TENANT_TITLE,
  wizardRestaurantText,
} from './lib/selection-wording';
import { useSession } from './lib/session';
import type { MyRestaurant, MyTenant } from './lib/types';
import { usePlatform } from './platform';
import { RestaurantSelector } from './restaurant-selector';
import { useSelection } from './selection';
import { TenantPicker } from './tenant-picker';

export interface SelectionWizardProps {
  /** The context's wording; without one the wizard uses its own texts. */
  context?: SelectionContext | undefined;
  /** With a return URL the browser goes there with token, restaurantId and tenantId. */
  returnUrl?: string | undefined;
  onComplete?: (tenant: MyTenant, restaurant: MyRestaurant, token: string | null) => void;
  /** Passed on to the target's token handler with the return URL. */
  rememberMe?: boolean;
}

/**
 * The wizard's state and its two actions: picking a tenant (step 2 follows), and picking a restaurant,
 * which stores the selection and either completes or hands off to the return URL.
 */
function useWizard({ returnUrl, onComplete, rememberMe }: Omit<SelectionWizardProps, 'context'>) {
  const { client } = usePlatform();
  const selection = useSelection();
  const [tenant, setTenant] = useState<MyTenant | null>(null);
  // the only organization, chosen without the person choosing it: one step, no way back to a list of one
  const [automatic, setAutomatic] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pickTenant = useCallback(
    (picked: MyTenant, how: { automatic: boolean }) => {
      setError(null);
      setTenant(picked);
      setAutomatic(how.automatic);
      selection.selectTenant(picked);
    },
    [selection.selectTenant],
  );

  const pickRestaurant = useCallback(
    async (restaurant: MyRestaurant) => {
      if (!tenant) return;
      setError(null);
      selection.setSelection(tenant, restaurant);
      if (!returnUrl) {
        onComplete?.(tenant, restaurant, null);
        return;
      }
      setRedirecting(true);
      try {
        const target = await handoffRedirectUrl(
          client,
          returnUrl,
          {
            tenantGuid: tenant.guid,
            restaurantGuid: restaurant.guid,
          },
          { rememberMe: rememberMe ?? false },
        );
        window.location.assign(target);
      } catch (caught) {
        setRedirecting(false);
        setError(caught instanceof Error ? caught.message : 'Could not continue to the application');
      }
    },
    [tenant, returnUrl, onComplete, client, selection.setSelection, rememberMe],
  );

  const back = useCallback(() => {
    setError(null);
    setTenant(null);
  }, []);

  return { tenant, automatic, redirecting, error, pickTenant, pickRestaurant, back, selection };
}

/** Two steps, organization then location. */
export function SelectionWizard({
  context,
  returnUrl,
  onComplete,
  rememberMe = false,
}: SelectionWizardProps) {
  const session = useSession();
  const { tenant, automatic, redirecting, error, pickTenant, pickRestaurant, back, selection } = useWizard({
    returnUrl,
    onComplete,
    rememberMe,
  });
  const wording = context ? SELECTION_WORDING[context] : undefined;
  const steps = automatic ? 1 : 2;
  const step = tenant && !automatic ? 2 : 1;
  const organization = tenant ? tenant.displayName || tenant.name : '';

  return (
    <Card className="ui-wizard" aria-label="Selection wizard">
      <div className="ui-wizard__progress">
        <span className="ui-badge ui-badge--brand">
          Step {step} of {steps}
        </span>
        <span className="ui-wizard__bar" aria-hidden="true">
          <span style={{ width: step === steps ? '100%' : '50%' }} />
        </span>
      </div>
      {error && (
        <div style={{ marginBottom: 'var(--space-4)' }}>
          <Alert title="Could not continue">{error}</Alert>
        </div>
      )}
      {redirecting ? (
        <LoadingView message="Opening your workspace..." />
      ) : session.isPending ? (
        // Three skeleton rows while the user loads
        <SkeletonRows count={3} label="Loading your account" />
      ) : !tenant ? (
        <TenantPicker
          title={wording?.tenant.title ?? WIZARD_TENANT_TITLE}
          description={wording?.tenant.text ?? WIZARD_TENANT_TEXT}
          emptyMessage={wording?.tenant.empty ?? 'No organizations available'}
          selectedTenantId={selection.tenant?.tenantId}
          onSelect={pickTenant}
        />
      ) : (
        <>
          {automatic ? (
            <p className="ui-wizard__note">
              Organization: <strong>{organization}</strong>, your only one, so it is chosen for you.
            </p>
          ) : (
            <div className="ui-wizard__crumb">
              <Button variant="ghost" size="sm" onClick={back}>
                <ChevronLeftIcon width={16} height={16} />
                Back
              </Button>
              <span className="ui-badge">{organization}</span>
            </div>
          )}
          <RestaurantSelector
            tenant={tenant}
            title={wording?.restaurant.title ?? WIZARD_RESTAURANT_TITLE}
            description={wording?.restaurant.text ?? wizardRestaurantText(organization)}
            emptyMessage={wording?.restaurant.empty}
            selectedRestaurantId={selection.restaurant?.restaurantId}
            onSelect={(restaurant) => void pickRestaurant(restaurant)}
            onBack={back}
          />
        </>
      )}
      <WizardFooter />
    </Card>
  );
}

function WizardFooter() {
  const [asking, setAsking] = useState(false);
  return (
    <footer className="ui-card__footer ui-card__footer--start">
      <span>Need help?</span>
      <Button variant="link" onClick={() => setAsking(true)}>
        Contact your administrator
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Contact your administrator"
        description="Your message goes to the site administrators, by mail and in their inbox."
      >
        <MessageAdmins
          kind="help"
          id="help-message-form"
          label="Your message"
          submitLabel="Send message"
          sentText="The site administrators have your message and will answer by email."
        />
      </Dialog>
    </footer>
  );
}
