import { GatewayCallError } from '@brigade/cardpointe/gateway';
import { aiConfigSchema } from '@brigade/domain/listing/connection';
import { draftSettingsOf } from '@brigade/domain/listing/draft-settings';
import { GoogleBusinessError } from '@brigade/google-business/http-call';
import type { IntegrationError } from '@brigade/integration-kit/http';
import { LlmError } from '@brigade/llm/chat-api';
import { PlacesCallError } from '@brigade/places/places-api';
import { describe, expect, it } from 'vitest';
import { listingProblem } from './listing/listing-problem';
import { draftProblem, draftReply } from './listing/review-drafts';
import { gatewayProblem } from './payments/payment-deps';
import { placesProblem } from './places/places-problem';

// Decision 060: the callers of every outside service read a failure by the kit's shared category, so a rate
// limit, a timeout or a lost connection comes out the same way (429 with retry-after, 504, 502) whichever
// service it was, and whatever word the service's own client used for it.

/** The AI draft path: a model that fails with `error`, through draftReply, to the API's problem. */
async function aiProblem(error: IntegrationError) {
  const outcome = await draftReply(
    {
      config: draftSettingsOf(aiConfigSchema.parse({ isEnabled: true })),
      review: { reviewId: 'r1', reviewerName: 'Ana', rating: 5, comment: 'Lovely.' },
      business: { name: 'Chez Brigade', phone: '+1 503 555 0100' },
    },
    { model: 'test', complete: () => Promise.reject(error) },
  );
  if (outcome.ok) throw new Error('expected a failure');
  return draftProblem(outcome);
}

const services = {
  payments: (category: string, facts: { status?: number; retryAfterSeconds?: number }) =>
    gatewayProblem(new GatewayCallError(category as never, 'failed', facts)),
  places: (category: string, facts: { status?: number; retryAfterSeconds?: number }) =>
    placesProblem(new PlacesCallError(category as never, 'failed', facts)),
  listing: (category: string, facts: { status?: number; retryAfterSeconds?: number }) =>
    listingProblem(
      new GoogleBusinessError(category as never, 'failed', {
        call: 'x',
        ...(facts.status ? { httpStatus: facts.status } : {}),
        ...(facts.retryAfterSeconds ? { retryAfterSeconds: facts.retryAfterSeconds } : {}),
      }),
    ),
  ai: (category: string, facts: { status?: number; retryAfterSeconds?: number }) =>
    aiProblem(
      new LlmError(category as never, 'failed', {
        ...facts,
        ...(facts.retryAfterSeconds ? { retryAfterMs: facts.retryAfterSeconds * 1000 } : {}),
      }),
    ),
};

describe('callers read failures by the shared category', () => {
  for (const [service, problemOf] of Object.entries(services))
    it(`${service}: a rate limit is 429 with its retry-after, a timeout 504, a lost connection 502`, async () => {
      const limited = await problemOf('rate-limited', { status: 429, retryAfterSeconds: 7 });
      expect([limited.kind, (limited as { retryAfterSeconds?: number }).retryAfterSeconds]).toEqual([
        'rate_limited',
        7,
      ]);
      expect((await problemOf('timeout', {})).kind).toBe('gateway_timeout');
      expect((await problemOf('network', {})).kind).toBe('bad_gateway');
      expect((await problemOf('bad-answer', {})).code).toMatch(/BAD_ANSWER$/);
    });

  it("a service's generic HTTP failure is read by its category: Google's 429 as a rate limit", async () => {
    // the Google client's catch-all kind `http` with status 429: category rate-limited
    const limited = listingProblem(
      new GoogleBusinessError('http', 'HTTP 429', { call: 'x', httpStatus: 429, retryAfterSeconds: 3 }),
    );
    expect([limited.kind, limited.code]).toEqual(['rate_limited', 'GOOGLE_BUSINESS_RATE_LIMITED']);
    // the LLM client's catch-all `http` 404: the draft failure says `not-found`, and the message is unchanged
    const missing = await aiProblem(new LlmError('http', 'HTTP 404', { status: 404 }));
    expect([missing.failure.failure, missing.code, missing.message]).toEqual([
      'not-found',
      'AI_ERROR',
      'The language model failed to draft a reply; try again',
    ]);
  });
});
