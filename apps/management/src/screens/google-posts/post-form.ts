import {
  CALL_TO_ACTION_TYPES,
  type CallToActionType,
  callToActionNeedsUrl,
  callToActionSchema,
  POST_CONTENT_MAX_LENGTH,
  type PostBody,
  postContentLength,
  postContentSchema,
} from '@brigade/domain/listing/post';
import { z } from 'zod';

/**
 * The post composer's values and rules (the domain's schema, so its messages are the server's): content,
 * and a call-to-action chosen from a select whose URL box shows only for the types that need one.
 */

export const CALL_TO_ACTION_LABELS: Record<CallToActionType, string> = {
  book: 'Book',
  order: 'Order online',
  shop: 'Shop',
  learn_more: 'Learn more',
  sign_up: 'Sign up',
  call: 'Call now',
};

export const CALL_TO_ACTION_OPTIONS = [
  { value: '', label: 'No button' },
  ...CALL_TO_ACTION_TYPES.map((value) => ({ value, label: CALL_TO_ACTION_LABELS[value] })),
] as const;

export interface PostFormValues {
  content: string;
  actionType: '' | CallToActionType;
  url: string;
}

export const postFormSchema = z
  .object({
    content: postContentSchema,
    // '' is "No button" (a blank select is sent as undefined).
    actionType: z.enum(CALL_TO_ACTION_TYPES).or(z.literal('')).optional(),
    url: z.string().optional(),
  })
  .superRefine((values, ctx) => {
    if (!values.actionType) return;
    const checked = callToActionSchema.safeParse({ type: values.actionType, url: values.url });
    if (checked.success) return;
    for (const issue of checked.error.issues)
      ctx.addIssue({
        code: 'custom',
        path: issue.path[0] === 'url' ? ['url'] : ['actionType'],
        message: issue.message,
      });
  })
  .transform(
    (values): PostBody => ({
      content: values.content,
      callToAction: values.actionType
        ? {
            type: values.actionType,
            ...(values.url && callToActionNeedsUrl(values.actionType) ? { url: values.url.trim() } : {}),
          }
        : null,
    }),
  );

export const emptyPost: PostFormValues = { content: '', actionType: '', url: '' };

export function valuesOfPost(post: {
  content: string;
  callToAction: { type: CallToActionType; url: string | null } | null;
}): PostFormValues {
  return {
    content: post.content,
    actionType: post.callToAction?.type ?? '',
    url: post.callToAction?.url ?? '',
  };
}

/** The counter under the content: "n / 1500", characters counted as the rule counts them. */
export const contentCount = (content: string) => ({
  text: `${postContentLength(content)} / ${POST_CONTENT_MAX_LENGTH}`,
  over: postContentLength(content) > POST_CONTENT_MAX_LENGTH,
});
