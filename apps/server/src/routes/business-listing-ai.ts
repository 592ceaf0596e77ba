import {
  generateAiReviewResponse,
  getAiConfig as getAiConfigEndpoint,
  saveAiConfig as saveAiConfigEndpoint,
} from '@brigade/contracts/business-listing-ai';
import { generateAiResponse, getAiConfig, saveAiConfig } from '@brigade/core/listing/ai-replies';
import { implement, success } from '../plugins/contract-routes';
import { listingDeps } from './business-listing';

/**
 * AI review replies (issue 19): a draft on request — from the configured language model, or the
 * local drafter when there is none (`deps.llm.api()` is undefined then) — and the connection's AI config.
 * Access as the other listing routes: the use-cases check the role, anyone else gets 404.
 */
export const businessListingAiRoutes = [
  implement(generateAiReviewResponse, async ({ body, actor, deps, walls, request }) =>
    success(
      await generateAiResponse(listingDeps(deps, actor, walls, request), actor, await deps.llm.api(), {
        connectionId: body.connectionId,
        reviewId: body.reviewId,
      }),
    ),
  ),
  implement(getAiConfigEndpoint, async ({ params, actor, deps, walls, request }) =>
    success(await getAiConfig(listingDeps(deps, actor, walls, request), actor, params.connectionId)),
  ),
  implement(saveAiConfigEndpoint, async ({ body, actor, deps, walls, request }) => {
    const { connectionId, reply, ...config } = body;
    return success(
      await saveAiConfig(listingDeps(deps, actor, walls, request), actor, { connectionId, config, reply }),
    );
  }),
];
