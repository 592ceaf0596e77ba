/**
 * Session, handoff and sign-in throttling policy (docs/behaviour/identity-and-sessions.md#sessions). Restaurant shifts run long, so a plain
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

/**
 * Sign-in throttling (docs/decisions/014-throttling-and-enumeration.md, 045-sign-in-slowdown.md). Every
 * attempt is counted before its password is checked, and a successful sign-in clears the count of its
 * address and account; the limits hold within a window that starts with a key's first attempt.
 */
export const SIGNIN_THROTTLE = {
  windowMs: 15 * MINUTE,
  /** Attempts on one account from one client address: a typing user or a single guesser. */
  perAddressAndAccount: 5,
  /**
   * Attempts on one account from all addresses together: the ceiling on guessing spread over many
   * addresses. Twenty times the above, so locking the owner out takes twenty addresses, not two; below it,
   * attempts are slowed down instead (`signinDelayMs`).
   */
  perAccount: 100,
  /** Attempts on one account, from all addresses, that are answered without delay. */
  undelayedPerAccount: 10,
  /** The first delay, doubled every `delayStep` attempts, up to `maxDelayMs`. */
  firstDelayMs: 250,
  delayStep: 5,
  maxDelayMs: 5_000,
  /**
   * Failed attempts with emails that have no account, from one client address (spraying). Over it, that
   * address's wrong passwords are refused for every email alike, so the refusal tells no account apart;
   * right passwords still sign in (behind a proxy without TRUST_PROXY every user has the proxy's address).
   */
  perAddress: 30,
  /** Wrong current passwords in "change password" per signed-in user. */
  perUserPasswordChange: 5,
} as const;

/**
 * How long the `attempt`th sign-in attempt on one account in its window (counted from all addresses, this one
 * included) waits before its password is checked (decision 045): nothing for the first 10, then 250 ms for
 * five attempts, 500 ms for the next five, doubling up to 5 s. It slows a guesser without locking anyone out:
 * the owner, on an address of their own, still signs in, only later. Known and unknown emails alike.
 */
export function signinDelayMs(attempt: number): number {
  const { undelayedPerAccount, firstDelayMs, delayStep, maxDelayMs } = SIGNIN_THROTTLE;
  if (attempt <= undelayedPerAccount) return 0;
  const doublings = Math.floor((attempt - undelayedPerAccount - 1) / delayStep);
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(doublings, 16));
}

/** Sign-ups from one client address (sign-up says when an email is taken, so it must not be a free oracle). */
export const SIGNUP_THROTTLE = {
  windowMs: HOUR,
  perAddress: 20,
} as const;

/**
 * Password-reset requests (docs/decisions/014-throttling-and-enumeration.md): every request makes a token
 * and, for an account, a mail, so one address cannot flood a mailbox or the outbox. Counted whether or not
 * the account exists, so the limit tells nothing about which emails have accounts.
 */
export const PASSWORD_RESET_THROTTLE = {
  windowMs: HOUR,
  /** Requests for one email, from anywhere: at most this many reset mails an hour. */
  perEmail: 5,
  /** Requests from one client address, whatever the email. */
  perAddress: 20,
} as const;

/** Throttle rows whose window ended longer ago than this are deleted by the periodic clean-up. */
export const THROTTLE_RETENTION_MS = 24 * HOUR;

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
