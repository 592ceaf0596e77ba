import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/button';
import { AlertIcon } from '../components/icons';

interface Props {
  children: ReactNode;
  /** Which app this is, in the console message of a caught error ("management", "admin"). */
  appName: string;
  /** Changing it clears a caught error (the shell passes the path, so navigating away recovers). */
  resetKey?: unknown;
  /** Fill the page (top level) or the content area (inside the shell). */
  page?: boolean;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Error fallback: "Something went wrong", "An unexpected error occurred. Please refresh the
 * page or try again later." and "Refresh Page"; the error's details only in development builds.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Unhandled error in the ${this.props.appName} app`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorFallback error={error} page={this.props.page ?? false} />;
  }
}

export function ErrorFallback({ error, page }: { error: Error; page: boolean }) {
  return (
    <div className={page ? 'ui-centered' : 'shell-error'}>
      <div className="ui-card ui-wizard">
        <div className="ui-state ui-state--error" role="alert">
          <span className="ui-state__icon">
            <AlertIcon />
          </span>
          <h1 className="ui-state__title">Something went wrong</h1>
          <p className="ui-state__message">
            An unexpected error occurred. Please refresh the page or try again later.
          </p>
          <div className="ui-state__actions">
            <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          </div>
          {import.meta.env.DEV && (
            <details className="shell-error__details">
              <summary>Error details</summary>
              <pre>{`${error.message}\n\n${error.stack ?? ''}`}</pre>
            </details>
          )}
        </div>
      </div>
    </div>
  );
}
