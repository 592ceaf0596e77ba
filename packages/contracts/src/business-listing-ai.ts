import { aiConfigSchema, CUSTOM_TONE_REQUIRED_MESSAGE } from '@brigade/domain/listing/connection';
import { aiReplySettingsSchema } from '@brigade/domain/platform-sync';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * AI review replies of a Google Business Profile connection (issue 19;
 * docs/behaviour/ai-review-replies.md): a reply draft on request, and the connection's AI config. Access as the
 * other listing routes (business-listing.ts): members, the use-cases check the role (owners, admins and
 * managers of the tenant), and anyone else gets 404. A draft is only ever answered, never posted: posting is
 * the reply route's, after a person has approved it (or the auto-reply job's, when the owner switched it on).
 */

// Paid outside calls: an active account with a tenant role (issue 42), never a new sign-up.
const member = { kind: 'member' } as const;
const tags = ['business-listing'];
const base = '/business-listing';
// Any text: an id that is not a connection's (a UUID) is simply not found (404), as an unknown one is.
const connectionId = text({ error: 'connectionId is required' })
  .trim()
  .min(1, 'connectionId is required')
  .max(100);

export { CUSTOM_TONE_REQUIRED_MESSAGE };

/** The AI config as stored and answered (with the defaults filled in). */
export const aiConfigResultSchema = aiConfigSchema;

export const DRAFT_SOURCES = ['llm', 'local'] as const;
export const aiReviewResponseSchema = z.object({
  /** The draft, at most 4096 characters and UTF-8 bytes: ready to edit and post with the reply route. */
  response: z.string(),
  /** Who wrote it: the configured model ('llm') or the deterministic local drafter ('local'). */
  source: z.enum(DRAFT_SOURCES),
});
export type AiReviewResponse = z.infer<typeof aiReviewResponseSchema>;

export const generateAiReviewResponse = defineEndpoint({
  id: 'generateAiReviewResponse',
  method: 'POST',
  path: `${base}/reviews/generate-ai-response`,
  summary: 'Draft a reply to a stored review (never posted)',
  description:
    "The draft follows the connection's AI config and the restaurant's AI reply config. It is written by the " +
    'configured model, or by the local drafter when none is configured; a failing model is answered 429, 502 ' +
    'or 504, never replaced by a local draft. Nothing is posted to Google.',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: {
    body: z.strictObject({
      connectionId,
      reviewId: text({ error: 'reviewId is required' }).trim().min(1, 'reviewId is required').max(300),
    }),
  },
  response: { status: 200, description: 'The draft', schema: successOf(aiReviewResponseSchema) },
  problems: [404, 429, 502, 504],
});

export const getAiConfig = defineEndpoint({
  id: 'getAiConfig',
  method: 'GET',
  path: `${base}/connections/{connectionId}/ai-config`,
  summary: "The connection's AI config (404 while none is stored)",
  tags,
  access: member,
  outside: true,
  request: { params: z.object({ connectionId: text().max(100) }) },
  response: { status: 200, description: 'The AI config', schema: successOf(aiConfigResultSchema) },
  problems: [404],
});

/**
 * The save body: the connection and the AI config (omitted fields take the defaults), and optionally the
 * restaurant's reply settings (length, business name, auto-reply), saved in the same transaction.
 */
export const saveAiConfigBodySchema = z
  .object({ connectionId, reply: aiReplySettingsSchema.optional() })
  .and(aiConfigSchema);

export const saveAiConfig = defineEndpoint({
  id: 'saveAiConfig',
  method: 'POST',
  path: `${base}/ai-config`,
  summary: "Save the connection's AI config (replaces the stored one)",
  description:
    'Omitted fields take their defaults (AI off, professional style, every rating, 24 hours, business info ' +
    `included). A custom style needs a custom tone ('${CUSTOM_TONE_REQUIRED_MESSAGE}'). With \`reply\`, the ` +
    "restaurant's reply settings change too (only the fields given, and `enabled` follows `isEnabled`), in " +
    'the same transaction.',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { body: saveAiConfigBodySchema },
  response: { status: 200, description: 'The saved AI config', schema: successOf(aiConfigResultSchema) },
  problems: [404],
});
