import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useSyncExternalStore } from 'react';

/** The app is served under /auth/ (vite base); routes below are relative to it. */
export const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export type RoutePath = '/' | '/signup' | '/forgot-password' | '/reset-password' | '/invite';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** A few screens need no router package: pathname below the base, and the query string. */
export function useLocation() {
  const current = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(current, window.location.origin);
  const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) || '/' : url.pathname;
  return { path: path.replace(/\/+$/, '') || '/', search: url.searchParams };
}

export function navigate(to: string, options: { replace?: boolean; state?: unknown } = {}) {
  const href = to.startsWith(BASE) ? to : `${BASE}${to}`;
  if (options.replace) window.history.replaceState(options.state ?? null, '', href);
  else window.history.pushState(options.state ?? null, '', href);
  notify();
  window.scrollTo(0, 0);
}

/** Keeps the flow's parameters (returnUrl, adminAccess, context) when moving between auth screens. */
export function withFlowParams(path: RoutePath, search: URLSearchParams, extra: Record<string, string> = {}) {
  const next = new URLSearchParams();
  for (const name of ['returnUrl', 'adminAccess', 'context']) {
    const value = search.get(name);
    if (value) next.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) next.set(name, value);
  const query = next.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const href = to.startsWith(BASE) ? to : `${BASE}${to}`;
  return (
    <a
      {...rest}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
          return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** Sets the document title per screen. */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Brigade`;
  }, [title]);
}
