import {
  changePassword,
  confirmPasswordReset,
  createHandoff,
  exchangeHandoff,
  getSession,
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
import { implement, success } from '../plugins/contract-routes';
import { clientInfo } from '../plugins/identity';
import { clearSessionCookie, setSessionCookie } from '../plugins/session-cookie';

function signedInResponse(reply: FastifyReply, config: Config, result: SignedIn) {
  setSessionCookie(reply, config, result.session);
  return success(
    { user: result.user },
    { sessionToken: result.session.token, expiresAt: result.session.expiresAt },
  );
}

export const authRoutes = [
  implement(signup, async ({ body, request, reply, deps }) =>
    signedInResponse(reply, deps.config, await signupUseCase(deps.identity, body, clientInfo(request))),
  ),
  implement(signin, async ({ body, request, reply, deps }) =>
    signedInResponse(
      reply,
      deps.config,
      await signinUseCase(deps.identity, body, clientInfo(request), request.sessionToken),
    ),
  ),
  implement(signout, async ({ request, reply, deps }) => {
    await signoutUseCase(deps.identity, request.sessionToken);
    clearSessionCookie(reply, deps.config);
  }),
  implement(getSession, ({ request }) => success({ user: request.auth!.user })),
  implement(createHandoff, ({ body, request, deps }) =>
    createHandoffUseCase(deps.identity, request.auth!.user.uid, body.returnUrl),
  ),
  implement(exchangeHandoff, async ({ body, request, reply, deps }) =>
    signedInResponse(
      reply,
      deps.config,
      await exchangeHandoffUseCase(deps.identity, body.code, body.rememberMe, {
        ...clientInfo(request),
        origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
      }),
    ),
  ),
  implement(changePassword, ({ body, request, deps }) =>
    changePasswordUseCase(deps.identity, request.auth!.user.uid, request.auth!.tokenHash, body),
  ),
  implement(requestPasswordReset, ({ body, request, deps }) =>
    requestPasswordResetUseCase(deps.identity, { email: body.email }, clientInfo(request), body.resetUrl),
  ),
  implement(confirmPasswordReset, ({ body, deps }) => confirmPasswordResetUseCase(deps.identity, body)),
];
