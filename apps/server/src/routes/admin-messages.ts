import * as contract from '@brigade/contracts/admin-messages';
import {
  listAdminMessages,
  markAdminMessageRead,
  sendAdminMessage,
} from '@brigade/core/identity/admin-inbox';
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
];
