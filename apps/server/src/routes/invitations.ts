import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  lookupInvitation,
  resendInvitation,
  revokeInvitation,
} from '@brigade/contracts/invitations';
import {
  acceptInvitation as acceptInvitationUseCase,
  previewInvitation,
} from '@brigade/core/invitations/invitation-accept-service';
import {
  createInvitation as createInvitationUseCase,
  type InvitationDeps,
  listInvitations as listInvitationsUseCase,
  resendInvitation as resendInvitationUseCase,
  revokeInvitationById,
} from '@brigade/core/invitations/invitation-service';
import { type AppDeps, useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { clientInfo } from '../plugins/identity';
import { setSessionCookie } from '../plugins/session-cookie';

// issue 23: team invitations (decision 029).
const invitationDeps = (deps: AppDeps): InvitationDeps => ({
  ...useCaseDeps(deps),
  mailer: deps.identity.mailer,
  inviteUrl: `${deps.config.authUrl}/invite`,
  answerLink: !deps.config.smtpUrl,
});

export const invitationRoutes = [
  implement(listInvitations, async ({ params, actor, deps }) =>
    success(await listInvitationsUseCase(useCaseDeps(deps), actor, params)),
  ),
  implement(createInvitation, async ({ params, body, actor, deps }) =>
    success(
      await createInvitationUseCase(invitationDeps(deps), actor, {
        tenantId: params.tenantId,
        invitation: body,
      }),
    ),
  ),
  implement(resendInvitation, async ({ params, actor, deps }) =>
    success(await resendInvitationUseCase(invitationDeps(deps), actor, params)),
  ),
  implement(revokeInvitation, ({ params, actor, deps }) =>
    revokeInvitationById(useCaseDeps(deps), actor, params),
  ),
  implement(lookupInvitation, async ({ body, actor, deps }) =>
    success({ invitation: await previewInvitation(useCaseDeps(deps), actor, body) }),
  ),
  implement(acceptInvitation, async ({ body, actor, request, reply, deps }) => {
    const accepted = await acceptInvitationUseCase(useCaseDeps(deps), actor, {
      acceptance: body,
      client: clientInfo(request),
    });
    const data = { tenantId: accepted.tenantId, role: accepted.role, user: accepted.user };
    if (!accepted.session) return success(data);
    setSessionCookie(reply, deps.config, accepted.session);
    return success(data, { sessionToken: accepted.session.token, expiresAt: accepted.session.expiresAt });
  }),
];
