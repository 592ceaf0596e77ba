import { z } from 'zod';
import { multilineText, text, withTextRule } from '../text';

/**
 * Google Business Profile posts (content, call-to-action, state; issue 19):
 * what a restaurant publishes on its Google profile from Brigade. Google's v4 API calls them local posts
 * (docs/behaviour/business-profile.md); its `summary` is the post's content.
 */

export const POST_CONTENT_MAX_LENGTH = 1500;
export const POST_CONTENT_REQUIRED_MESSAGE = 'Post content is required';
export const POST_CONTENT_TOO_LONG_MESSAGE = 'Post content too long';

/** The call-to-action types, in the order the screen offers them. */
export const CALL_TO_ACTION_TYPES = ['book', 'order', 'shop', 'learn_more', 'sign_up', 'call'] as const;
export type CallToActionType = (typeof CALL_TO_ACTION_TYPES)[number];
export const CALL_TO_ACTION_TYPE_MESSAGE =
  'Call-to-action type must be one of book, order, shop, learn_more, sign_up, call';
export const CALL_TO_ACTION_URL_REQUIRED_MESSAGE =
  'Call-to-action URL is required for book, order, shop, learn_more and sign_up';
export const CALL_TO_ACTION_URL_INVALID_MESSAGE = 'Call-to-action URL must be a valid URL';

/** A post's state; a post is a draft until Google says it is live (or rejected it). */
export const POST_STATES = ['draft', 'live', 'rejected'] as const;
export type PostState = (typeof POST_STATES)[number];

/** Characters as a person counts them (a whole emoji is one): the rule, Google's check and the counter. */
export const postContentLength = (value: string): number => [...value].length;

/** Post content: 1-1500 characters, blank counting as none; lines allowed. */
export const postContentSchema = multilineText({ error: POST_CONTENT_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: POST_CONTENT_REQUIRED_MESSAGE, abort: true })
  .refine((value) => postContentLength(value) <= POST_CONTENT_MAX_LENGTH, POST_CONTENT_TOO_LONG_MESSAGE);

/** Whether the type needs a URL (all but call; a call uses the profile's phone number). */
export const callToActionNeedsUrl = (type: CallToActionType): boolean => type !== 'call';

const urlSchema = withTextRule(z.url({ protocol: /^https?$/, error: CALL_TO_ACTION_URL_INVALID_MESSAGE }));

export const callToActionSchema = z
  .object({
    type: z.enum(CALL_TO_ACTION_TYPES, { error: CALL_TO_ACTION_TYPE_MESSAGE }),
    /** Blank is no URL. Ignored for call. */
    url: text({ error: CALL_TO_ACTION_URL_INVALID_MESSAGE }).trim().max(2048).optional(),
  })
  .superRefine((action, ctx) => {
    const url = action.url ?? '';
    if (url === '') {
      if (callToActionNeedsUrl(action.type))
        ctx.addIssue({ code: 'custom', path: ['url'], message: CALL_TO_ACTION_URL_REQUIRED_MESSAGE });
      return;
    }
    if (action.type !== 'call' && !urlSchema.safeParse(url).success)
      ctx.addIssue({ code: 'custom', path: ['url'], message: CALL_TO_ACTION_URL_INVALID_MESSAGE });
  });
export type CallToAction = z.output<typeof callToActionSchema>;

/** A post as written in Brigade: its content and, optionally, one call-to-action (null for none). */
export const postBodySchema = z.strictObject({
  content: postContentSchema,
  callToAction: callToActionSchema.nullable().optional(),
});
export type PostBody = z.output<typeof postBodySchema>;

/** The call-to-action as stored and sent: the URL dropped for call, blank as none. */
export function normaliseCallToAction(
  action: CallToAction | null | undefined,
): { type: CallToActionType; url: string | null } | null {
  if (!action) return null;
  const url = action.url?.trim() ?? '';
  return { type: action.type, url: callToActionNeedsUrl(action.type) && url ? url : null };
}

/** Google's `actionType` for ours (BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP, CALL) and back. */
export const googleActionType = (type: CallToActionType): string => type.toUpperCase();
export function callToActionTypeOf(actionType: string | undefined): CallToActionType | null {
  const type = (actionType ?? '').toLowerCase();
  return (CALL_TO_ACTION_TYPES as readonly string[]).includes(type) ? (type as CallToActionType) : null;
}

/** Google's `state` (LIVE, REJECTED, PROCESSING …) as ours: anything not yet live or rejected is a draft. */
export function postStateOf(googleState: string | undefined): PostState {
  if (googleState === 'LIVE') return 'live';
  if (googleState === 'REJECTED') return 'rejected';
  return 'draft';
}
