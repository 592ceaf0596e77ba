import { ProblemError } from '@brigade/api-client/problem-error';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { LoadingView } from '@brigade/ui/components/spinner';
import { handoffRedirectUrl } from '@brigade/ui/lib/handoff';
import { SelectionWizard } from '@brigade/ui/selection-wizard';
import { useEffect, useRef, useState } from 'react';
import { apiClient } from '../api';
import { AuthLayout } from '../layout';
import { navigate, useTitle } from '../router';
import { returnHost, type SignInFlow, wasRememberMeChosen } from './flow';

/**
 * Signed in with a return URL: with a `context` the two-step wizard first (in that context's wording), then
 * the browser goes back with token, restaurantId and tenantId; without one, straight back with the token.
 */
export function ContinuePage({ flow }: { flow: SignInFlow & { returnUrl: string } }) {
  useTitle('Continue');
  if (flow.context) {
    return (
      <AuthLayout wide>
        <SelectionWizard
          context={flow.context}
          returnUrl={flow.returnUrl}
          rememberMe={wasRememberMeChosen()}
        />
      </AuthLayout>
    );
  }
  return <RedirectBack returnUrl={flow.returnUrl} />;
}

function RedirectBack({ returnUrl }: { returnUrl: string }) {
  const [error, setError] = useState<Error | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    handoffRedirectUrl(apiClient, returnUrl, undefined, { rememberMe: wasRememberMeChosen() }).then(
      (target) => window.location.assign(target),
      (caught: unknown) => setError(caught instanceof Error ? caught : new Error('Could not continue')),
    );
  }, [returnUrl]);

  if (!error) {
    return (
      <AuthLayout>
        <LoadingView page message={`Taking you back to ${returnHost(returnUrl) ?? 'the application'}...`} />
      </AuthLayout>
    );
  }
  // 400: the server refuses return URLs outside the allowed origins
  const refused = error instanceof ProblemError && error.status === 400;
  return (
    <AuthLayout>
      <Card>
        <ErrorView
          title={refused ? 'This return address is not allowed' : 'Could not continue'}
          message={
            refused
              ? `You are signed in, but Brigade will not send you to ${returnHost(returnUrl) ?? 'that address'}.`
              : error.message
          }
          actions={
            <Button variant="secondary" onClick={() => navigate('/', { replace: true })}>
              Go to your account
            </Button>
          }
        />
      </Card>
    </AuthLayout>
  );
}
