import type { AiReplyConfig } from '../platform-sync';
import type { AiConfig, RESPONSE_STYLES } from './connection';
import { type ReviewSentiment, reviewSentiment } from './review';

/**
 * What a review-reply draft is made from (docs/behaviour/ai-review-replies.md): the connection's AI config
 * and the restaurant's platform-sync AI reply config, merged into one set of
 * settings, plus the review and the business. Pure: no I/O.
 */

export type ResponseStyle = (typeof RESPONSE_STYLES)[number];
export type ResponseLength = 'short' | 'medium' | 'long';
export type RatingKey = '1' | '2' | '3' | '4' | '5';

export interface DraftSettings {
  /** The connection's AI switch: drafts on request work either way; auto-posting needs it on. */
  isEnabled: boolean;
  responseStyle: ResponseStyle;
  /** The owner's own tone, used when responseStyle is custom (required then). */
  customTone: string | undefined;
  responseLength: ResponseLength;
  /** Name the business in the reply (platform sync includeBusinessName, default true). */
  includeBusinessName: boolean;
  /** Offer the business's contact details (phone, e-mail, website) where the reply invites contact. */
  includeBusinessInfo: boolean;
  /** The owner's reply templates by star rating. */
  responseTemplates: Partial<Record<RatingKey, string>>;
  /** How the business speaks (platform sync businessVoice), given to the model as guidance. */
  businessVoice: string | undefined;
  /** Auto-posting only for reviews of at least this many stars (platform sync minimumRating 1-5). */
  minimumRating: number | undefined;
  /** Auto-posting switch (platform sync autoReply, default false: nothing is posted on its own). */
  autoReply: boolean;
  /** The ratings auto-posting applies to (all of 1-5 by default). */
  autoRespondToRatings: readonly number[];
  /** Hours a review waits before a draft may be auto-posted (24 by default). */
  reviewThreshold: number;
}

/** The draft's word target by length; every reply also stays within 4096 characters. */
export const RESPONSE_LENGTH_WORDS: Record<ResponseLength, number> = { short: 50, medium: 100, long: 170 };

/**
 * One set of settings from the connection's AI config and the restaurant's AI reply config (either may be
 * missing). The connection's style, custom tone, templates and thresholds win; the reply config adds the
 * length, business name, business voice, minimum rating and the auto-reply switch.
 */
export function draftSettingsOf(
  aiConfig: AiConfig,
  replyConfig?: Partial<AiReplyConfig> | undefined,
): DraftSettings {
  return {
    isEnabled: aiConfig.isEnabled,
    responseStyle: aiConfig.responseStyle,
    customTone: aiConfig.customTone?.trim() || undefined,
    responseLength: replyConfig?.responseLength ?? 'medium',
    includeBusinessName: replyConfig?.includeBusinessName ?? true,
    includeBusinessInfo: aiConfig.includeBusinessInfo,
    responseTemplates: aiConfig.responseTemplates,
    businessVoice: replyConfig?.businessVoice?.trim() || undefined,
    minimumRating: replyConfig?.minimumRating,
    autoReply: replyConfig?.autoReply ?? false,
    autoRespondToRatings: aiConfig.autoRespondToRatings,
    reviewThreshold: aiConfig.reviewThreshold,
  };
}

/** The review as a draft needs it: the stored review's fields (review.ts) or the API's. */
export interface DraftReview {
  reviewId?: string | undefined;
  reviewerName?: string | null | undefined;
  isReviewerAnonymous?: boolean | undefined;
  rating: number;
  comment?: string | null | undefined;
}

/** The business as a draft may mention it; only what is given here is ever stated. */
export interface DraftBusiness {
  name: string;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  website?: string | null | undefined;
}

export interface DraftInput {
  settings: DraftSettings;
  review: DraftReview;
  business: DraftBusiness;
}

// Google shows reviewers who hide their name under words like these.
const ANONYMOUS_NAMES = /^(a google user|google user|anonymous|anon|guest|unknown|n\/a)$/i;

/**
 * The reviewer's first name, the only personal data a reply may carry; undefined for an anonymous reviewer,
 * a missing name, or one that is no name (an initial, digits, "A Google user").
 */
export function reviewerFirstName(review: DraftReview): string | undefined {
  const name = review.reviewerName?.normalize('NFC').trim() ?? '';
  if (review.isReviewerAnonymous || name === '' || ANONYMOUS_NAMES.test(name)) return undefined;
  const first = name.split(/\s+/)[0]!.replace(/[.,;:!?]+$/, '');
  if (!/^\p{L}[\p{L}\p{M}'’-]*$/u.test(first) || [...first].length < 2 || [...first].length > 30)
    return undefined;
  return first;
}

export const reviewText = (review: DraftReview): string => review.comment?.trim() ?? '';

export const sentimentOf = (review: DraftReview): ReviewSentiment => reviewSentiment(review.rating);

const STAR_WORDS = ['one', 'two', 'three', 'four', 'five'] as const;
/** "five-star", "one-star". */
export const starWord = (rating: number): string => `${STAR_WORDS[rating - 1] ?? String(rating)}-star`;

/** The contact details a reply may offer: only with includeBusinessInfo, only those given. */
export function businessContact(input: DraftInput): string | undefined {
  if (!input.settings.includeBusinessInfo) return undefined;
  const { phone, email, website } = input.business;
  const parts = [phone, email, website].map((part) => part?.trim()).filter((part): part is string => !!part);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}`;
}

/** The business name when the reply may name it. */
export const businessNameOf = (input: DraftInput): string | undefined =>
  input.settings.includeBusinessName ? input.business.name.trim() || undefined : undefined;

/** The owner's template for the review's rating, if any. */
export function templateFor(input: DraftInput): string | undefined {
  const key = String(input.review.rating) as RatingKey;
  return input.settings.responseTemplates[key]?.trim() || undefined;
}

/**
 * A template with its placeholders filled: {firstName} / {reviewerName} (first name, or "there" when
 * anonymous), {businessName} ("our team" when the name is not to be used), {rating} (the number of stars).
 * Other braces are left as written.
 */
export function fillTemplate(template: string, input: DraftInput): string {
  const name = reviewerFirstName(input.review) ?? 'there';
  const values: Record<string, string> = {
    firstname: name,
    reviewername: name,
    name,
    businessname: businessNameOf(input) ?? 'our team',
    rating: String(input.review.rating),
  };
  return template.replace(
    /\{\{?\s*([A-Za-z]+)\s*\}?\}/g,
    (whole, key: string) => values[key.toLowerCase()] ?? whole,
  );
}
