import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../domains/error-text';
import { useConnectMutations } from './queries';

/** Starts connecting: asks the server for Google's consent page and sends the browser there. */
export function useStartConnect() {
  const { authUrl } = useConnectMutations();
  const start = async () => {
    try {
      const url = await authUrl.mutateAsync();
      window.location.assign(url);
    } catch {
      // authUrl.error is shown by the caller.
    }
  };
  return { start, pending: authUrl.isPending, error: authUrl.error ? errorText(authUrl.error) : null };
}

export function ConnectButton({ label = 'Connect Google Business Profile' }: { label?: string }) {
  const { start, pending, error } = useStartConnect();
  return (
    <div className="gbp-connect">
      <Button onClick={() => void start()} loading={pending}>
        {label}
      </Button>
      {error && (
        <Alert tone="error" title="Could not start connecting">
          {error}
        </Alert>
      )}
    </div>
  );
}

export function ConnectCard() {
  return (
    <Card title="Not connected" titleAs="h2">
      <p className="gbp-muted">
        Google asks you to sign in and allow Brigade to manage your Business Profile. Then you choose which of
        your locations is this restaurant. Brigade can then show its Google reviews, post your replies, and
        compare its Google profile with the restaurant's details. You can disconnect at any time.
      </p>
      <ConnectButton />
    </Card>
  );
}

/**
 * Google's redirect back (`?code&state`, or `?error` when the owner declined): posts the code and state once,
 * then shows the location picker. The state is single use, so a second post would be refused.
 */
export function OAuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { complete } = useConnectMutations();
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const declined = params.get('error');
  useEffect(() => {
    if (sent.current || !code || !state) return;
    sent.current = true;
    complete.mutate({ code, state }, { onSuccess: () => navigate('/google-business', { replace: true }) });
  }, [code, state, complete, navigate]);

  if (declined || !code || !state || complete.isError)
    return (
      <ErrorView
        title="Google Business Profile was not connected"
        message={
          complete.error
            ? errorText(complete.error)
            : declined === 'access_denied'
              ? 'Access was not allowed on Google.'
              : 'Google did not send the browser back with a code.'
        }
        actions={<ConnectButton label="Start again" />}
      />
    );
  return <LoadingView message="Connecting to Google..." />;
}
