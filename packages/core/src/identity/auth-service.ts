import { randomUUID } from 'node:crypto';
import { setTimeout as slowDown } from 'node:timers/promises';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import { allowedReturnOrigin, withQuery } from '@brigade/domain/return-url';
import {
  HANDOFF_CODE_TTL_MS,
  PASSWORD_RESET_THROTTLE,
  PASSWORD_RESET_TTL_MS,
  SIGNIN_THROTTLE,
  SIGNUP_THROTTLE,
  signinDelayMs,
} from '@brigade/domain/session-policy';
import {
  changePasswordInputSchema,
  deriveDisplayName,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type SigninInput,
  type SignupInput,
  signinInputSchema,
  signupInputSchema,
  type User,
} from '@brigade/domain/user';
import { isUniqueViolation } from '../db-errors';
import { type UseCaseDeps, userOf } from '../use-case';
import { validateInput } from '../validate';
import { notifySiteAdmins } from './admin-inbox';
import { refuseCommonPassword } from './common-passwords';
import type { Mailer } from './mailer';
import { hashPassword, hashToken, randomToken, verifyPassword } from './secrets';
import {
  consumeHandoffCode,
  consumeResetToken,
  insertHandoffCode,
  insertResetTokenWithMail,
  revokeSession,
  revokeUserSessions,
} from './session-repository';
import { type ClientInfo, type IssuedSession, startSession } from './session-service';
import {
  accountKey,
  addressAccountKey,
  addressKey,
  clearKeys,
  PASSWORD_CHANGE_LIMITED,
  PASSWORD_RESET_LIMITED,
  passwordChangeKey,
  RateLimitedError,
  reserveAttempt,
  resetAddressKey,
  resetEmailKey,
  SIGNUP_LIMITED,
  signupKey,
  takeAttemptOrRefuse,
} from './throttle';
import {
  findCredentials,
  findPasswordHash,
  findUserByUid,
  insertUser,
  setLastLoginIfEmpty,
  updateUserRow,
} from './user-repository';

/**
 * Signing up, in and out, hand-off between apps and passwords (decision 007), as use-cases of the one shape
 * (decision 021). Most callers are not signed in yet (the actor is anonymous); what the request itself tells
 * (the client's address and user agent, its session) is part of the input.
 */
export interface IdentityDeps extends UseCaseDeps {
  mailer: Mailer;
  /** Origins of Brigade's apps: the only places a sign-in may return to. */
  appOrigins: readonly string[];
  /** Where the auth app's reset page lives, for links in reset mail when the caller gives none. */
  defaultResetUrl: string;
}

export interface SignedIn {
  user: User;
  session: IssuedSession;
}

// One message for a wrong email and a wrong password, so sign-in does not reveal which accounts exist.
export const INVALID_CREDENTIALS = 'Invalid email or password';

async function signedIn(
  deps: IdentityDeps,
  uid: string,
  rememberMe: boolean,
  client: ClientInfo,
): Promise<SignedIn> {
  await setLastLoginIfEmpty(deps.db, uid);
  const session = await startSession(deps.db, uid, rememberMe, client);
  const user = await findUserByUid(deps.db, uid);
  return { user: user!, session };
}

/** Self-signup: a non-admin, inactive account, signed in at once so it can see its status. */
export async function signup(
  deps: IdentityDeps,
  _actor: Actor,
  input: { account: SignupInput; client: ClientInfo },
): Promise<SignedIn> {
  const { client } = input;
  const data = validateInput(signupInputSchema, input.account);
  await refuseCommonPassword(data.password, 'password');
  // Sign-up says when an email is taken (spec text), so it is counted per address like a guess.
  await takeAttemptOrRefuse(
    deps.db,
    signupKey(client.ip ?? 'unknown'),
    SIGNUP_THROTTLE.perAddress,
    SIGNUP_THROTTLE.windowMs,
    SIGNUP_LIMITED,
  );
  const uid = randomUUID();
  try {
    await insertUser(deps.db, {
      uid,
      email: data.email,
      passwordHash: await hashPassword(data.password),
      displayName: deriveDisplayName(data),
      firstName: data.firstName,
      lastName: data.lastName,
      phoneNumber: data.phoneNumber ?? null,
      isActive: false,
      isSiteAdmin: false,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) {
      throw new BrigadeError('conflict', 'EMAIL_TAKEN', 'An account with this email already exists', {
        errors: [{ path: 'email', message: 'An account with this email already exists' }],
      });
    }
    throw error;
  }
  // The site administrators hear of it (their inbox and a mail), in the sign-up's transaction.
  const name = deriveDisplayName(data);
  await notifySiteAdmins(deps.db, {
    kind: 'sign-up',
    fromUid: uid,
    fromEmail: data.email,
    fromName: name,
    regardingTenantId: null,
    subject: `${name} signed up and waits for activation`,
    text: `${name} <${data.email}> created an account. Activate it (and assign an organization) under Users.`,
  });
  return signedIn(deps, uid, false, client);
}

/**
 * Signs in with email and password (docs/decisions/014-throttling-and-enumeration.md, 045). Each attempt is
 * counted before the password is checked, per account and client address first and then per account, so
 * parallel guesses cannot slip past the limits, and one address cannot lock an account for other addresses;
 * many attempts on one account are slowed down, and only a ceiling far above one address's limit refuses all.
 * An address that sprays emails without accounts is limited too; over that limit its wrong passwords are
 * refused for every email alike (known or not, after the same password check), so the refusal reveals no
 * account, while right passwords still sign in. A session the browser already had is ended, so signing in
 * always rotates the session.
 */
export async function signin(
  deps: IdentityDeps,
  _actor: Actor,
  input: {
    credentials: SigninInput;
    client: ClientInfo;
    /** The session the browser already had, ended when this sign-in succeeds. */
    previousToken?: string | undefined;
  },
): Promise<SignedIn> {
  const { client, previousToken } = input;
  const data = validateInput(signinInputSchema, input.credentials);
  const ip = client.ip ?? 'unknown';
  const { windowMs } = SIGNIN_THROTTLE;
  const credentials = await findCredentials(deps.db, data.email);
  const pair = addressAccountKey(ip, data.email);
  const account = accountKey(data.email);
  // The pair first: an address refused for this account does not count the account up for everyone.
  await takeAttemptOrRefuse(deps.db, pair, SIGNIN_THROTTLE.perAddressAndAccount, windowMs);
  const accountAttempts = await takeAttemptOrRefuse(deps.db, account, SIGNIN_THROTTLE.perAccount, windowMs);
  // Only emails without an account count against the address; the others just ask if it is over.
  const address = await reserveAttempt(
    deps.db,
    addressKey(ip),
    SIGNIN_THROTTLE.perAddress,
    windowMs,
    credentials ? 0 : 1,
  );
  // Guessing spread over addresses is slowed down before the check, right passwords too (decision 045):
  // a delay on wrong answers only would let a guesser stop waiting and take silence for "wrong".
  const delayMs = signinDelayMs(accountAttempts);
  if (delayMs > 0) await slowDown(delayMs);
  const valid = await verifyPassword(credentials?.passwordHash ?? null, data.password);
  if (!credentials || !valid) {
    if (!address.granted) throw new RateLimitedError(address.retryAfterSeconds);
    throw new BrigadeError('unauthorized', 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  // Only the pair's count: the account's runs to the end of its window, so that the owner signing in does
  // not hand a guesser on other addresses a fresh allowance (decision 045).
  await clearKeys(deps.db, [pair]);
  if (previousToken) await revokeSession(deps.db, hashToken(previousToken));
  return signedIn(deps, credentials.uid, data.rememberMe, client);
}

export async function signout(
  deps: IdentityDeps,
  _actor: Actor,
  { token }: { token?: string | undefined },
): Promise<void> {
  if (token) await revokeSession(deps.db, hashToken(token));
}

/** A single-use code (60 s) that lets the app at `returnUrl` open its own session for this user. */
export async function createHandoff(deps: IdentityDeps, actor: Actor, { returnUrl }: { returnUrl: string }) {
  const uid = userOf(actor).userId;
  const origin = allowedReturnOrigin(returnUrl, deps.appOrigins);
  if (!origin) {
    throw validationError('This return address is not one of Brigade’s apps', [
      { path: 'returnUrl', message: 'This return address is not one of Brigade’s apps' },
    ]);
  }
  const code = randomToken();
  const expiresAt = new Date(Date.now() + HANDOFF_CODE_TTL_MS);
  await insertHandoffCode(deps.db, {
    codeHash: hashToken(code),
    userUid: uid,
    returnOrigin: origin,
    expiresAt,
  });
  return { code, expiresAt, redirectUrl: withQuery(returnUrl, { token: code }) };
}

/** Token handler: exchanges the code once; "Authentication failed" otherwise. */
export async function exchangeHandoff(
  deps: IdentityDeps,
  _actor: Actor,
  input: { code: string; rememberMe: boolean; client: ClientInfo & { origin?: string | undefined } },
): Promise<SignedIn> {
  const { code, rememberMe, client } = input;
  const row = await consumeHandoffCode(deps.db, hashToken(code));
  // A code only opens a session for the app it was made for, when the browser says where it is.
  if (!row || (client.origin && client.origin !== row.returnOrigin)) {
    throw new BrigadeError('unauthorized', 'HANDOFF_INVALID', 'Authentication failed');
  }
  return signedIn(deps, row.userUid, rememberMe, client);
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changePassword(
  deps: IdentityDeps,
  actor: Actor,
  input: {
    passwords: unknown /** The hash of the session that asks, which stays. */;
    sessionTokenHash: string;
  },
): Promise<void> {
  const uid = userOf(actor).userId;
  const currentTokenHash = input.sessionTokenHash;
  const data = validateInput(changePasswordInputSchema, input.passwords);
  await refuseCommonPassword(data.newPassword, 'newPassword');
  // Counted per user (the caller is signed in), before the check, like sign-in.
  const key = passwordChangeKey(uid);
  await takeAttemptOrRefuse(
    deps.db,
    key,
    SIGNIN_THROTTLE.perUserPasswordChange,
    SIGNIN_THROTTLE.windowMs,
    PASSWORD_CHANGE_LIMITED,
  );
  if (!(await verifyPassword(await findPasswordHash(deps.db, uid), data.currentPassword))) {
    throw validationError('Current password is incorrect', [
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);
  }
  await clearKeys(deps.db, [key]);
  await deps.db.transaction(async (tx) => {
    await updateUserRow(tx, uid, { passwordHash: await hashPassword(data.newPassword) });
    await revokeUserSessions(tx, uid, currentTokenHash);
  });
}

/**
 * Mails a reset link when the account exists; says nothing either way (no account discovery). Both cases
 * do the same work: a token is made and hashed and one statement stores it with its mail only if the
 * account exists; the mail is delivered after the answer (docs/decisions/014-throttling-and-enumeration.md).
 * Requests are counted per client address and per email, whether or not the account exists.
 */
export async function requestPasswordReset(
  deps: IdentityDeps,
  _actor: Actor,
  input: { email: unknown; client: ClientInfo; resetUrl?: string | undefined },
): Promise<void> {
  const { client, resetUrl } = input;
  const { email } = validateInput(passwordResetRequestSchema, { email: input.email });
  const { windowMs, perAddress, perEmail } = PASSWORD_RESET_THROTTLE;
  const address = resetAddressKey(client.ip ?? 'unknown');
  await takeAttemptOrRefuse(deps.db, address, perAddress, windowMs, PASSWORD_RESET_LIMITED);
  await takeAttemptOrRefuse(deps.db, resetEmailKey(email), perEmail, windowMs, PASSWORD_RESET_LIMITED);
  const token = randomToken();
  const base = resetUrl && allowedReturnOrigin(resetUrl, deps.appOrigins) ? resetUrl : deps.defaultResetUrl;
  const mail = {
    to: email,
    subject: 'Reset your Brigade password',
    text: [
      'Someone asked to reset the password of your Brigade account.',
      '',
      `Choose a new password here (the link works once, for one hour): ${withQuery(base, { token })}`,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
  // One statement stores the token and its mail; the mail's insert queues its delivery (docs/jobs.md).
  await insertResetTokenWithMail(
    deps.db,
    { email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) },
    mail,
  );
}

export async function confirmPasswordReset(deps: IdentityDeps, _actor: Actor, input: unknown): Promise<void> {
  const data = validateInput(passwordResetConfirmSchema, input);
  await refuseCommonPassword(data.newPassword, 'newPassword');
  await deps.db.transaction(async (tx) => {
    const row = await consumeResetToken(tx, hashToken(data.token));
    if (!row) {
      throw validationError('This reset link is invalid or has expired', [
        { path: 'token', message: 'This reset link is invalid or has expired' },
      ]);
    }
    await updateUserRow(tx, row.userUid, { passwordHash: await hashPassword(data.newPassword) });
    await revokeUserSessions(tx, row.userUid);
  });
}
