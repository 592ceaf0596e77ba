import { randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import { allowedReturnOrigin, withQuery } from '@brigade/domain/return-url';
import { HANDOFF_CODE_TTL_MS, PASSWORD_RESET_TTL_MS } from '@brigade/domain/session-policy';
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
import { validateInput } from '../validate';
import type { Mailer } from './mailer';
import { hashPassword, hashToken, randomToken, verifyPassword } from './secrets';
import {
  consumeHandoffCode,
  consumeResetToken,
  insertHandoffCode,
  insertResetToken,
  revokeSession,
  revokeUserSessions,
} from './session-repository';
import { type ClientInfo, type IssuedSession, startSession } from './session-service';
import { accountKey, addressKey, assertNotThrottled, clearAccount, recordFailure } from './throttle';
import {
  findCredentials,
  findPasswordHash,
  findUserByUid,
  insertUser,
  setLastLoginIfEmpty,
  updateUserRow,
} from './user-repository';

export interface IdentityDeps {
  db: Executor;
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

/** Self-signup (spec 01 §6): a non-admin, inactive account, signed in at once so it can see its status. */
export async function signup(deps: IdentityDeps, input: SignupInput, client: ClientInfo): Promise<SignedIn> {
  const data = validateInput(signupInputSchema, input);
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
  return signedIn(deps, uid, false, client);
}

/**
 * Signs in with email and password. Throttled per account and per client address before the password is
 * checked; a session the browser already had is ended, so signing in always rotates the session.
 */
export async function signin(
  deps: IdentityDeps,
  input: SigninInput,
  client: ClientInfo,
  previousToken?: string,
): Promise<SignedIn> {
  const data = validateInput(signinInputSchema, input);
  const keys = { account: accountKey(data.email), address: addressKey(client.ip ?? 'unknown') };
  await assertNotThrottled(deps.db, keys);
  const credentials = await findCredentials(deps.db, data.email);
  const valid = await verifyPassword(credentials?.passwordHash ?? null, data.password);
  if (!credentials || !valid) {
    await recordFailure(deps.db, keys);
    throw new BrigadeError('unauthorized', 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await clearAccount(deps.db, keys.account);
  if (previousToken) await revokeSession(deps.db, hashToken(previousToken));
  return signedIn(deps, credentials.uid, data.rememberMe, client);
}

export async function signout(deps: IdentityDeps, token: string | undefined): Promise<void> {
  if (token) await revokeSession(deps.db, hashToken(token));
}

/** A single-use code (60 s) that lets the app at `returnUrl` open its own session for this user. */
export async function createHandoff(deps: IdentityDeps, uid: string, returnUrl: string) {
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

/** spec 01 §2.7 token handler: exchanges the code once; "Authentication failed" otherwise. */
export async function exchangeHandoff(
  deps: IdentityDeps,
  code: string,
  rememberMe: boolean,
  client: ClientInfo & { origin?: string | undefined },
): Promise<SignedIn> {
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
  uid: string,
  currentTokenHash: string,
  input: unknown,
  client: ClientInfo,
): Promise<void> {
  const data = validateInput(changePasswordInputSchema, input);
  const keys = { account: `password:${uid}`, address: addressKey(client.ip ?? 'unknown') };
  await assertNotThrottled(deps.db, keys);
  if (!(await verifyPassword(await findPasswordHash(deps.db, uid), data.currentPassword))) {
    await recordFailure(deps.db, keys);
    throw validationError('Current password is incorrect', [
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);
  }
  await deps.db.transaction(async (tx) => {
    await updateUserRow(tx, uid, { passwordHash: await hashPassword(data.newPassword) });
    await revokeUserSessions(tx, uid, currentTokenHash);
  });
}

/** Mails a reset link when the account exists; says nothing either way (no account discovery). */
export async function requestPasswordReset(
  deps: IdentityDeps,
  input: unknown,
  resetUrl?: string,
): Promise<void> {
  const { email } = validateInput(passwordResetRequestSchema, input);
  const credentials = await findCredentials(deps.db, email);
  if (!credentials) return;
  const token = randomToken();
  await insertResetToken(deps.db, {
    tokenHash: hashToken(token),
    userUid: credentials.uid,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
  });
  const base = resetUrl && allowedReturnOrigin(resetUrl, deps.appOrigins) ? resetUrl : deps.defaultResetUrl;
  await deps.mailer.send({
    to: email,
    subject: 'Reset your Brigade password',
    text: [
      'Someone asked to reset the password of your Brigade account.',
      '',
      `Choose a new password here (the link works once, for one hour): ${withQuery(base, { token })}`,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
}

export async function confirmPasswordReset(deps: IdentityDeps, input: unknown): Promise<void> {
  const data = validateInput(passwordResetConfirmSchema, input);
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
