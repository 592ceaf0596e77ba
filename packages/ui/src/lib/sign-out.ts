import type { ApiClient } from '@brigade/api-client/client';
import { signout } from '@brigade/contracts/auth';
import {
  LOGOUT_MARKER_MS,
  SIGN_OUT_EVENT_KEY_TTL_MS,
  SIGN_OUT_EVENT_MAX_AGE_MS,
  SIGN_OUT_POLL_MS,
  SIGN_OUT_REDIRECT_DELAY_MS,
} from './constants';

/*
 * Cross-app sign-out. The earlier system's apps broadcast through localStorage, but in development our
 * apps are different ORIGINS on one host (ports 3000–3005) and localStorage never crosses origins. Cookies
 * do: they ignore the port. So a sign-out writes two things:
 *   - a non-HttpOnly cookie `brigade_signout` = {at, origin} (path /, lives 5 s, the ignore age),
 *     which every app reads once a second — this reaches apps on other ports, and in production apps on one
 *     origin behind path prefixes;
 *   - the localStorage key `brigade_signout_event` (removed after 1 s), whose storage event tells other tabs
 *     of the same origin at once.
 * An app acts on an event unless it is older than 5 s, comes from its own origin through the cookie (that
 * origin's tabs got the storage event; the storage event never reaches the tab that wrote it), or happened
 * before the page loaded (so the auth app, reached by the redirect right after a sign-out, does not sign out
 * again in a loop).
 */
export const SIGN_OUT_COOKIE = 'brigade_signout';
export const SIGN_OUT_EVENT_KEY = 'brigade_signout_event';
export const LOGOUT_MARKER_KEY = 'brigade_logout_in_progress';
/** Stored items whose key contains one of these go at sign-out. */
export const SIGN_OUT_KEY_PATTERNS = ['selected_', 'bite-', 'auth', 'user', 'token', 'session'] as const;
/** Admin sign-out first clears stored selections whose keys contain these. */
export const ADMIN_SELECTION_KEY_PATTERNS = ['selected_tenant', 'selected_restaurant'] as const;

export interface SignOutEvent {
  at: number;
  origin: string;
}

const pageLoadedAt = Date.now();
let logoutStartedAt = 0;

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A logout-in-progress marker lasts 2 seconds (guards do not redirect meanwhile). */
export function markLogoutInProgress(): void {
  logoutStartedAt = Date.now();
  safeLocalStorage()?.setItem(LOGOUT_MARKER_KEY, String(logoutStartedAt));
  window.setTimeout(() => safeLocalStorage()?.removeItem(LOGOUT_MARKER_KEY), LOGOUT_MARKER_MS);
}

export function isLogoutInProgress(now = Date.now()): boolean {
  if (now - logoutStartedAt < LOGOUT_MARKER_MS) return true;
  const stored = Number(safeLocalStorage()?.getItem(LOGOUT_MARKER_KEY));
  return Number.isFinite(stored) && stored > 0 && now - stored < LOGOUT_MARKER_MS;
}

export function removeKeysContaining(store: Storage, patterns: readonly string[]): void {
  const doomed: string[] = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (key && patterns.some((pattern) => key.includes(pattern))) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}

/** Remove stored items whose key contains selected_, bite-, auth, user, token or session, and clear session storage. */
export function clearClientAuthState(): void {
  const local = safeLocalStorage();
  if (local) removeKeysContaining(local, SIGN_OUT_KEY_PATTERNS);
  try {
    window.sessionStorage.clear();
  } catch {
    // storage disabled
  }
}

export function broadcastSignOut(now = Date.now()): void {
  const event: SignOutEvent = { at: now, origin: window.location.origin };
  const value = JSON.stringify(event);
  const maxAge = Math.ceil(SIGN_OUT_EVENT_MAX_AGE_MS / 1000);
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie is the only store shared across ports (see above)
  document.cookie = `${SIGN_OUT_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
  const local = safeLocalStorage();
  if (local) {
    local.setItem(SIGN_OUT_EVENT_KEY, value);
    window.setTimeout(() => local.removeItem(SIGN_OUT_EVENT_KEY), SIGN_OUT_EVENT_KEY_TTL_MS);
  }
}

export function parseSignOutEvent(text: string | null | undefined): SignOutEvent | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<SignOutEvent>;
    return typeof parsed.at === 'number' && typeof parsed.origin === 'string'
      ? { at: parsed.at, origin: parsed.origin }
      : null;
  } catch {
    return null;
  }
}

function readSignOutCookie(): SignOutEvent | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${SIGN_OUT_COOKIE}=`));
  if (!entry) return null;
  try {
    return parseSignOutEvent(decodeURIComponent(entry.slice(SIGN_OUT_COOKIE.length + 1)));
  } catch {
    return null;
  }
}

/** Should this page act on a sign-out event? (rules in the comment at the top) */
export function shouldActOnSignOut(
  event: SignOutEvent,
  via: 'cookie' | 'storage',
  now = Date.now(),
  origin = window.location.origin,
): boolean {
  if (now - event.at > SIGN_OUT_EVENT_MAX_AGE_MS) return false;
  if (event.at < pageLoadedAt) return false;
  if (via === 'cookie' && event.origin === origin) return false;
  // only this tab's own sign-out counts here: the stored marker is shared by every tab of the origin
  return now - logoutStartedAt >= LOGOUT_MARKER_MS;
}

/** Listens for sign-outs of other apps and tabs; returns the unsubscribe function. */
export function watchCrossAppSignOut(onSignOut: (event: SignOutEvent) => void): () => void {
  let handledAt = 0;
  const handle = (event: SignOutEvent | null, via: 'cookie' | 'storage') => {
    if (!event || event.at <= handledAt || !shouldActOnSignOut(event, via)) return;
    handledAt = event.at;
    onSignOut(event);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGN_OUT_EVENT_KEY) handle(parseSignOutEvent(event.newValue), 'storage');
  };
  window.addEventListener('storage', onStorage);
  const timer = window.setInterval(() => handle(readSignOutCookie(), 'cookie'), SIGN_OUT_POLL_MS);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.clearInterval(timer);
  };
}

export interface SignOutOptions {
  /** Where to go afterwards (the auth service; returnUrl and the from-logout flag are added). */
  redirectTo: string;
  /** An admin sign-out clears stored tenant and restaurant selections first. */
  admin?: boolean;
  /** Drops cached queries (the client identity). */
  clearCache?: () => void;
}

/**
 * Sign-out: server call, then client identity cleared, stored items removed, session storage
 * cleared, broadcast to the other apps, then the redirect after 100 ms even if the server call failed.
 */
export async function signOut(client: ApiClient, options: SignOutOptions): Promise<void> {
  markLogoutInProgress();
  if (options.admin) {
    const local = safeLocalStorage();
    if (local) removeKeysContaining(local, ADMIN_SELECTION_KEY_PATTERNS);
  }
  try {
    await client.call(signout);
  } catch (error) {
    console.warn('Sign-out request failed; signing out locally anyway', error);
  }
  options.clearCache?.();
  clearClientAuthState();
  broadcastSignOut();
  await new Promise((resolve) => window.setTimeout(resolve, SIGN_OUT_REDIRECT_DELAY_MS));
  window.location.assign(options.redirectTo);
}
