import { exchangeHandoff } from '@brigade/contracts/auth';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorView } from './components/alert';
import { Button } from './components/button';
import { CenteredCard } from './components/centered-card';
import { LoadingView } from './components/spinner';
import { authAddress } from './lib/auth-address';
import { useSetSessionUser } from './lib/session';
import type { SessionUser } from './lib/types';
import { usePlatform } from './platform';

/** The handoff parameters (`token` is our handoff code; `firebaseToken` is the legacy name). */
export const HANDOFF_PARAMS = ['token', 'firebaseToken', 'authComplete', 'rememberMe'] as const;

interface CapturedHandoff {
  code: string;
  rememberMe: boolean;
}

// Once per page load, which also survives React's development double effects.
let captured: CapturedHandoff | null | undefined;
let exchange: Promise<SessionUser> | null = null;
let exchangeSettled = false;

/** Reads the handoff parameters and removes them from the address bar without a reload. */
export function captureHandoffFromUrl(): CapturedHandoff | null {
  if (captured !== undefined) return captured;
  const url = new URL(window.location.href);
  const code = url.searchParams.get('token') || url.searchParams.get('firebaseToken');
  const rememberMe = url.searchParams.get('rememberMe') === 'true';
  let changed = false;
  for (const name of HANDOFF_PARAMS) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (changed)
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  captured = code ? { code, rememberMe } : null;
  return captured;
}

type HandlerState = { status: 'idle' } | { status: 'exchanging' } | { status: 'error'; message: string };

/**
 * Token handler: exchanges a handoff code from the address for this app's own session, shows
 * loading meanwhile and "Authentication Error" on failure.
 */
export function TokenHandler({
  children,
  onComplete,
}: {
  children: ReactNode;
  onComplete?: (user: SessionUser) => void;
}) {
  const { client, authUrl } = usePlatform();
  const setSessionUser = useSetSessionUser();
  const [handoff] = useState(captureHandoffFromUrl);
  const [state, setState] = useState<HandlerState>(() =>
    handoff && !exchangeSettled ? { status: 'exchanging' } : { status: 'idle' },
  );

  useEffect(() => {
    if (!handoff || state.status !== 'exchanging') return;
    let live = true;
    exchange ??= client
      .call(exchangeHandoff, { body: { code: handoff.code, rememberMe: handoff.rememberMe } })
      .then((result) => result.data.user);
    exchange.then(
      (user) => {
        exchangeSettled = true;
        setSessionUser(user);
        if (!live) return;
        setState({ status: 'idle' });
        onComplete?.(user);
      },
      (error: unknown) => {
        exchangeSettled = true;
        if (!live) return;
        const message = error instanceof Error && error.message ? error.message : 'Authentication failed';
        setState({ status: 'error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [handoff, state.status, client, setSessionUser, onComplete]);

  if (state.status === 'exchanging') return <LoadingView page message="Signing you in..." />;
  if (state.status === 'error') {
    return (
      <CenteredCard label="Authentication Error">
        <ErrorView
          title="Authentication Error"
          message={state.message || 'Authentication failed'}
          actions={
            <Button
              onClick={() =>
                window.location.assign(authAddress(authUrl, { returnUrl: window.location.href }))
              }
            >
              Try Again
            </Button>
          }
        />
      </CenteredCard>
    );
  }
  return <>{children}</>;
}
