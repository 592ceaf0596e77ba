import { jsonTimestampSchema } from '@brigade/domain/json-timestamp';
import { CALL_TO_ACTION_TYPES, POST_STATES, postBodySchema } from '@brigade/domain/listing/post';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { connectionParams } from './business-listing';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Posts on the connected location's Google profile (issue 19; Google's v4 local posts).
 * Access as the other listing routes (business-listing.ts): members, the use-cases let the tenant's owners,
 * admins and managers (and site administrators) in, and anyone else gets 404. Writes reach Google first:
 * nothing is stored unless Google accepted it.
 */

// Paid outside calls: an active account with a tenant role (issue 42), never a new sign-up.
const member = { kind: 'member' } as const;
const tags = ['business-listing'];
const base = '/business-listing';
const googleProblems = [400, 404, 409, 429, 502, 503, 504];

/** A stored post: Google's name, state and times beside what was written. */
export const listingPostSchema = z.object({
  postId: z.string(),
  connectionId: z.string(),
  /** Google's resource name, accounts/{a}/locations/{l}/localPosts/{p}. */
  googleName: z.string(),
  content: z.string(),
  callToAction: z.object({ type: z.enum(CALL_TO_ACTION_TYPES), url: z.string().nullable() }).nullable(),
  state: z.enum(POST_STATES),
  searchUrl: z.string().nullable(),
  publishedAt: jsonTimestampSchema.nullable(),
  googleUpdatedAt: jsonTimestampSchema.nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: jsonTimestampSchema,
  updatedAt: jsonTimestampSchema,
});
export type ListingPost = z.infer<typeof listingPostSchema>;

// Any text: an id that is not a post's (a UUID) is simply not found (404), as an unknown one is.
const postParams = connectionParams.extend({ postId: text().max(100) });

const bodyRules =
  'content 1-1500 characters ("Post content is required", "Post content too long"); callToAction optional, ' +
  'type book, order, shop, learn_more, sign_up or call, url http(s) and required for all but call ' +
  '("Call-to-action URL is required for book, order, shop, learn_more and sign_up").';

export const listBusinessListingPosts = defineEndpoint({
  id: 'listBusinessListingPosts',
  method: 'GET',
  path: `${base}/connections/{connectionId}/posts`,
  summary: "The connection's posts published from Brigade, newest first (at most 200)",
  tags,
  access: member,
  outside: true,
  request: { params: connectionParams },
  response: { status: 200, description: 'The posts', schema: successOf(z.array(listingPostSchema)) },
  problems: [404],
});

export const createBusinessListingPost = defineEndpoint({
  id: 'createBusinessListingPost',
  method: 'POST',
  path: `${base}/connections/{connectionId}/posts`,
  summary: 'Publish a post on the Google profile of the chosen location, then store it',
  description: `${bodyRules} 409 LOCATION_NOT_SELECTED before a location is chosen, RECONNECT_NEEDED when Google no longer accepts the connection; 429 over Google's quota (10 edits a minute per profile).`,
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: connectionParams, body: postBodySchema },
  response: { status: 201, description: 'The published post', schema: successOf(listingPostSchema) },
  problems: googleProblems,
});

export const updateBusinessListingPost = defineEndpoint({
  id: 'updateBusinessListingPost',
  method: 'PATCH',
  path: `${base}/connections/{connectionId}/posts/{postId}`,
  summary: "Change a post's content and call-to-action on Google, then here",
  description: `${bodyRules} The whole post is sent: a call-to-action left out is removed.`,
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: postParams, body: postBodySchema },
  response: { status: 200, description: 'The changed post', schema: successOf(listingPostSchema) },
  problems: googleProblems,
});

export const deleteBusinessListingPost = defineEndpoint({
  id: 'deleteBusinessListingPost',
  method: 'DELETE',
  path: `${base}/connections/{connectionId}/posts/{postId}`,
  summary: 'Delete a post on Google (one already gone there counts as deleted), then here',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: postParams },
  response: { status: 204, description: 'Deleted' },
  problems: [404, 409, 429, 502, 503, 504],
});
