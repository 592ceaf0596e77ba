import * as contract from '@brigade/contracts/admin-messages';
import {
  listAdminMessages,
  listOutbox,
  markAdminMessageRead,
  sendAdminMessage,
} from '@brigade/core/identity/admin-inbox';
import { notFound } from '@brigade/domain/errors';
import { useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

/** The site administrators' inbox (docs/behaviour/onboarding.md). */
export const adminMessageRoutes = [
  implement(contract.sendAdminMessage, async ({ body, actor, deps }) =>
    success(await sendAdminMessage(useCaseDeps(deps), actor, body)),
  ),
  implement(contract.listAdminMessages, async ({ query, actor, deps }) =>
    success(await listAdminMessages(useCaseDeps(deps), actor, query)),
  ),
  implement(contract.markAdminMessageRead, async ({ params, actor, deps }) =>
    success(await markAdminMessageRead(useCaseDeps(deps), actor, params)),
  ),
  implement(contract.listOutbox, async ({ actor, deps }) => {
    if (deps.config.env === 'production')
      throw notFound('The outbox viewer is for development only', 'NOT_FOUND');
    return success(await listOutbox(useCaseDeps(deps), actor));
  }),
];
