import { Component, type ComponentType, lazy, type ReactNode, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { applyStoredTheme } from '../theme';

/*
 * Boot states: "Loading application..." while the app's code arrives, "Failed to initialize
 * app" when start-up fails (the code could not load, or rendering threw before the app's own error boundary
 * existed). The app itself is a separate chunk, fetched at once.
 */
function BootMessage({ failed }: { failed?: boolean }) {
  return (
    <div className="ui-loading ui-loading--page" role={failed ? 'alert' : 'status'} aria-live="polite">
      {!failed && <span className="ui-spinner ui-spinner--lg" aria-hidden="true" />}
      <span>{failed ? 'Failed to initialize app' : 'Loading application...'}</span>
      {failed && (
        <button
          type="button"
          className="ui-button ui-button--secondary"
          onClick={() => window.location.reload()}
        >
          Refresh Page
        </button>
      )}
    </div>
  );
}

class BootBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Failed to initialize app', error);
  }
  override render() {
    return this.state.failed ? <BootMessage failed /> : this.props.children;
  }
}

/**
 * Starts an app (management, admin) in #root: the stored theme before the first paint, then the app's chunk
 * from `load` (`() => import('./app').then((module) => ({ default: module.App }))`) behind the boot states.
 */
export function bootApp(load: () => Promise<{ default: ComponentType }>): void {
  const App = lazy(load);
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  applyStoredTheme(); // before the first paint: a reload in dark mode never flashes light
  createRoot(root).render(
    <StrictMode>
      <BootBoundary>
        <Suspense fallback={<BootMessage />}>
          <App />
        </Suspense>
      </BootBoundary>
    </StrictMode>,
  );
}
