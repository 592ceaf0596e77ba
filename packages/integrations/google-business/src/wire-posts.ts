import { z } from 'zod';
import type { Page } from './wire';

/** Google's v4 local posts (docs/operations/business-profile.md#posts), read leniently like wire.ts. */

export const wireLocalPostSchema = z.object({
  name: z.string().regex(/^accounts\/[^/]+\/locations\/[^/]+\/localPosts\/[^/]+$/),
  languageCode: z.string().optional(),
  summary: z.string().optional(),
  callToAction: z.object({ actionType: z.string(), url: z.string().optional() }).optional(),
  topicType: z.string().optional(),
  state: z.string().optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
  searchUrl: z.string().optional(),
});
export type GoogleLocalPost = z.infer<typeof wireLocalPostSchema>;

export const wireLocalPostsSchema = z
  .object({ localPosts: z.array(wireLocalPostSchema).default([]), nextPageToken: z.string().optional() })
  .transform(
    (answer): Page<GoogleLocalPost> => ({
      items: answer.localPosts,
      ...(answer.nextPageToken ? { nextPageToken: answer.nextPageToken } : {}),
    }),
  );

/** What Brigade sends: a standard post's summary and, optionally, its call-to-action. */
export interface LocalPostInput {
  summary: string;
  callToAction: { actionType: string; url?: string } | null;
  languageCode?: string;
}
