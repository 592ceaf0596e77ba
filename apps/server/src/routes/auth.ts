import {
  changePassword,
  confirmPasswordReset,
  createHandoff,
  exchangeHandoff,
  getSession,
  getSessionState,
  requestPasswordReset,
  signin,
  signout,
  signup,
} from '@brigade/contracts/auth';
import {
  changePassword as changePasswordUseCase,
  confirmPasswordReset as confirmPasswordResetUseCase,
  createHandoff as createHandoffUseCase,
  exchangeHandoff as exchangeHandoffUseCase,
  requestPasswordReset as requestPasswordResetUseCase,
  type SignedIn,
  signin as signinUseCase,
  signout as signoutUseCase,
  signup as signupUseCase,
} from '@brigade/core/identity/auth-service';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { implement, JsonAnswer, success } from '../plugins/contract-routes';
import { clientInfo } from '../plugins/identity';
import { clearSessionCookie, setSessionCookie } from '../plugins/session-cookie';

function signedInResponse(reply: FastifyReply, config: Config, result: SignedIn) {
  setSessionCookie(reply, config, result.session);
  return success(
    { user: result.user },
    { sessionToken: result.session.token, expiresAt: result.session.expiresAt },
  );
}

const sessionAnswers = new WeakMap<object, JsonAnswer<{ success: true; data: { user: SignedIn['user'] } }>>();

/**
 * GET /auth/session's answer for a user held in memory: serialised once per user object, and a changed user
 * is a new object (the cache loads it again). The route and the API's front door answer with it.
 */
export function sessionAnswerOf(user: SignedIn['user']) {
  let answer = sessionAnswers.get(user);
  if (!answer) {
    answer = new JsonAnswer(success({ user }));
    sessionAnswers.set(user, answer);
  }
  return answer;
}

export const authRoutes = [
  implement(signup, async ({ body, actor, request, reply, deps }) =>
    signedInResponse(
      reply,
      deps.config,
      await signupUseCase(deps.identity, actor, { account: body, client: clientInfo(request) }),
    ),
  ),
  implement(signin, async ({ body, actor, request, reply, deps }) =>
    signedInResponse(
      reply,
      deps.config,
      await signinUseCase(deps.identity, actor, {
        credentials: body,
        client: clientInfo(request),
        previousToken: request.sessionToken,
      }),
    ),
  ),
  implement(signout, async ({ actor, request, reply, deps }) => {
    await signoutUseCase(deps.identity, actor, { token: request.sessionToken });
    clearSessionCookie(reply, deps.config);
  }),
  // A session held in memory hands out the same user object until it changes (issue 20).
  implement(getSession, ({ request }) => sessionAnswerOf(request.auth!.user)),
  implement(getSessionState, ({ request, reply }) => {
    // the answer depends on the caller's cookie: no cache may keep it
    reply.header('cache-control', 'private, no-store');
    return success({ user: request.auth?.user ?? null });
  }),
  implement(createHandoff, ({ body, actor, deps }) =>
    createHandoffUseCase(deps.identity, actor, { returnUrl: body.returnUrl }),
  ),
  implement(exchangeHandoff, async ({ body, actor, request, reply, deps }) =>
    signedInResponse(
      reply,
      deps.config,
      await exchangeHandoffUseCase(deps.identity, actor, {
        code: body.code,
        rememberMe: body.rememberMe,
        client: {
          ...clientInfo(request),
          origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
        },
      }),
    ),
  ),
  implement(changePassword, ({ body, actor, request, deps }) =>
    changePasswordUseCase(deps.identity, actor, {
      passwords: body,
      sessionTokenHash: request.auth!.tokenHash,
    }),
  ),
  implement(requestPasswordReset, ({ body, actor, request, deps }) =>
    requestPasswordResetUseCase(deps.identity, actor, {
      email: body.email,
      client: clientInfo(request),
      resetUrl: body.resetUrl,
    }),
  ),
  implement(confirmPasswordReset, ({ body, actor, deps }) =>
    confirmPasswordResetUseCase(deps.identity, actor, body),
  ),
];
