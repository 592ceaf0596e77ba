/**
 * Session, handoff and sign-in throttling policy (ARCHITECTURE §5). Restaurant shifts run long, so a plain
 * session survives a shift of inactivity; "remember me" keeps a device signed in for a month of use.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION_POLICY = {
  standard: { idleMs: 12 * HOUR, absoluteMs: 24 * HOUR },
  rememberMe: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
  /** The idle deadline is pushed forward at most this often, so reads do not write on every request. */
  touchEveryMs: 5 * MINUTE,
  cookieName: 'brigade_session',
} as const;

export const HANDOFF_CODE_TTL_MS = 60_000;
export const PASSWORD_RESET_TTL_MS = HOUR;

export const SIGNIN_THROTTLE = {
  windowMs: 15 * MINUTE,
  /** Failed sign-ins on one account within the window before it is locked for the rest of the window. */
  perAccount: 5,
  /** Failed sign-ins from one client address within the window before it is refused. */
  perAddress: 30,
} as const;

export interface SessionDeadlines {
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export function sessionDeadlines(now: Date, rememberMe: boolean): SessionDeadlines {
  const policy = rememberMe ? SESSION_POLICY.rememberMe : SESSION_POLICY.standard;
  return {
    idleExpiresAt: new Date(now.getTime() + policy.idleMs),
    absoluteExpiresAt: new Date(now.getTime() + policy.absoluteMs),
  };
}

/** When a session used at `now` should next expire for idleness (never beyond its absolute deadline). */
export function nextIdleDeadline(now: Date, rememberMe: boolean, absoluteExpiresAt: Date): Date {
  const policy = rememberMe ? SESSION_POLICY.rememberMe : SESSION_POLICY.standard;
  return new Date(Math.min(now.getTime() + policy.idleMs, absoluteExpiresAt.getTime()));
}

/** The moment a session ends if unused: the earlier of its two deadlines. */
export const sessionExpiresAt = (s: SessionDeadlines): Date =>
  s.idleExpiresAt < s.absoluteExpiresAt ? s.idleExpiresAt : s.absoluteExpiresAt;
