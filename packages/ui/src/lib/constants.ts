// Auto-select delay 100 ms; sign-out redirect delay 100 ms; logout marker 2 s; sign-out event
// ignore age 5 s. The sign-out event key is removed after 1 s. List rows appear staggered by 100 ms.
export const AUTO_SELECT_DELAY_MS = 100;
export const SIGN_OUT_REDIRECT_DELAY_MS = 100;
export const LOGOUT_MARKER_MS = 2_000;
export const SIGN_OUT_EVENT_MAX_AGE_MS = 5_000;
export const SIGN_OUT_EVENT_KEY_TTL_MS = 1_000;
export const ROW_STAGGER_MS = 100;
/** The default auth path. */
export const DEFAULT_AUTH_PATH = '/auth';
/** How often an app looks at the cross-app sign-out cookie (see sign-out.ts for why a cookie). */
export const SIGN_OUT_POLL_MS = 1_000;
