import { text, withTextRule } from '@brigade/domain/text';
import {
  changePasswordInputSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signinInputSchema,
  signupInputSchema,
  userSchema,
} from '@brigade/domain/user';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

// The session sign-in result: user, sessionToken, expiresAt (customToken belonged to the hosted
// identity provider and has no equivalent here).
export const signinResultSchema = successOf(z.object({ user: userSchema }), {
  sessionToken: z.string(),
  expiresAt: z.date(),
});
export const sessionResultSchema = successOf(z.object({ user: userSchema }));
export const sessionStateResultSchema = successOf(z.object({ user: userSchema.nullable() }));

// Sessions, handoff codes and passwords are in no cache the change feed keeps, so these writes change 'none'.

export const signup = defineEndpoint({
  id: 'signup',
  method: 'POST',
  path: '/auth/signup',
  summary: 'Create an account (inactive until an administrator activates it) and sign in',
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  request: { body: signupInputSchema },
  response: { status: 201, description: 'Account created and signed in', schema: signinResultSchema },
  problems: [409, 429],
});

export const signin = defineEndpoint({
  id: 'signin',
  method: 'POST',
  path: '/auth/signin',
  summary: 'Sign in with email and password; sets the session cookie',
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  request: { body: signinInputSchema },
  response: { status: 200, description: 'Signed in', schema: signinResultSchema },
  problems: [401, 429],
});

export const signout = defineEndpoint({
  id: 'signout',
  method: 'POST',
  path: '/auth/signout',
  summary: 'End the current session on the server and clear the cookie',
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  response: { status: 204, description: 'Signed out (also when there was no session)' },
});

export const getSession = defineEndpoint({
  id: 'getSession',
  method: 'GET',
  path: '/auth/session',
  summary: 'The signed-in user of this session',
  tags: ['auth'],
  access: { kind: 'signed-in' },
  response: { status: 200, description: 'The session is valid', schema: sessionResultSchema },
});

/**
 * The apps' "am I signed in?" check. GET /auth/session answers 401 without a valid session, as API clients
 * expect; a browser logs every 401 as a console error, and a signed-out visitor of the sign-in page is not an
 * error. This one answers 200 either way.
 */
export const getSessionState = defineEndpoint({
  id: 'getSessionState',
  method: 'GET',
  path: '/auth/session/state',
  summary: 'The signed-in user of this session, or null when there is no valid session (never 401)',
  tags: ['auth'],
  access: { kind: 'public' },
  response: {
    status: 200,
    description: 'The user of a valid session, else null',
    schema: sessionStateResultSchema,
  },
});

export const createHandoff = defineEndpoint({
  id: 'createHandoff',
  method: 'POST',
  path: '/auth/handoff',
  summary: 'A short-lived, single-use code that carries this sign-in to an app on another origin',
  tags: ['auth'],
  access: { kind: 'signed-in' },
  changes: 'none',
  audit: false,
  request: {
    body: z.object({
      returnUrl: text({ error: 'returnUrl is required' }).min(1, 'returnUrl is required'),
    }),
  },
  response: {
    status: 201,
    description: 'The code, and the return URL with it added as the `token` parameter',
    schema: z.object({ code: z.string(), expiresAt: z.date(), redirectUrl: z.string() }),
  },
});

export const exchangeHandoff = defineEndpoint({
  id: 'exchangeHandoff',
  method: 'POST',
  path: '/auth/handoff/exchange',
  summary: "Exchange a handoff code for this app's own session (the spec's token handler)",
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  request: {
    body: z.object({
      code: text({ error: 'Authentication failed' }).min(1, 'Authentication failed'),
      rememberMe: z.boolean().default(false),
    }),
  },
  response: { status: 200, description: 'Signed in', schema: signinResultSchema },
  problems: [401, 429],
});

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'POST',
  path: '/auth/password',
  summary: 'Change the password; every other session of the user ends',
  tags: ['auth'],
  access: { kind: 'signed-in' },
  changes: 'none',
  audit: false,
  request: { body: changePasswordInputSchema },
  response: { status: 204, description: 'Changed' },
  problems: [429],
});

export const requestPasswordReset = defineEndpoint({
  id: 'requestPasswordReset',
  method: 'POST',
  path: '/auth/password-reset',
  summary: 'Email a password-reset link (answers the same whether or not the account exists)',
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  request: { body: passwordResetRequestSchema.extend({ resetUrl: withTextRule(z.url()).optional() }) },
  response: { status: 202, description: 'If the account exists, a link is on its way' },
  problems: [429],
});

export const confirmPasswordReset = defineEndpoint({
  id: 'confirmPasswordReset',
  method: 'POST',
  path: '/auth/password-reset/confirm',
  summary: 'Set a new password with the emailed token; every session of the user ends',
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  request: { body: passwordResetConfirmSchema },
  response: { status: 204, description: 'Password set' },
});
