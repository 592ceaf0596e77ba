import {
  businessContact,
  businessNameOf,
  type DraftInput,
  fillTemplate,
  type ResponseStyle,
  reviewerFirstName,
  reviewText,
  sentimentOf,
  starWord,
  templateFor,
} from './draft-settings';
import { finishDraft } from './draft-text';
import type { ReviewSentiment } from './review';

/**
 * The local drafter (docs/behaviour/ai-review-replies.md): a reply built from sentence banks when no language
 * model is configured. Deterministic for a review (its id, name, rating and text pick the sentences), varied
 * across reviews; shaped by sentiment (apology and an invitation to get in touch below 3 stars), style
 * (greeting, sign-off, contractions when casual), length (how many sentences) and the business name and
 * contact details when the settings allow them. An owner's template for the rating wins over the banks.
 * It states nothing it was not given: no dishes, no staff, no promises.
 */

type Bank = readonly string[];

const OPENINGS: Record<ReviewSentiment, { text: Bank; rating: Bank }> = {
  positive: {
    text: [
      'Thank you for your kind words about your visit.',
      'Thank you for taking the time to share such a generous review.',
      'We are delighted you enjoyed your time with us, and thank you for telling us about it.',
      'Thank you so much for this lovely review.',
    ],
    rating: [
      'Thank you for the {stars} rating.',
      'Thank you for taking a moment to leave us a {stars} rating.',
      'We really appreciate your {stars} rating.',
    ],
  },
  neutral: {
    text: [
      'Thank you for sharing your honest feedback.',
      'Thank you for taking the time to tell us about your visit.',
      'We appreciate your candid review.',
    ],
    rating: [
      'Thank you for your rating.',
      'Thank you for taking a moment to rate your visit.',
      'We appreciate you letting us know how your visit went.',
    ],
  },
  negative: {
    text: [
      'We are sorry to read that your visit did not live up to your expectations.',
      'Thank you for telling us about your experience, and we apologise that it fell short.',
      'We are truly sorry that we disappointed you.',
    ],
    rating: [
      'We are sorry that your visit did not meet your expectations.',
      'We apologise that your experience with us fell short.',
      'We are sorry to see that we let you down.',
    ],
  },
};

const MIDDLES: Record<ReviewSentiment, Bank> = {
  positive: [
    'Feedback like yours means a great deal to {team}.',
    'It is always a pleasure to hear that a visit went well.',
    'Knowing you had a good time makes our day.',
    'Reviews like this are what {team} love to read.',
  ],
  neutral: [
    'We are always looking for ways to improve, and your feedback helps.',
    'Every comment helps {team} get a little better.',
    'We would love the chance to turn a good visit into a great one.',
  ],
  negative: [
    'This is not the experience we want any guest to have.',
    'We take feedback like this seriously and want to learn from it.',
    'We would appreciate the chance to understand what went wrong.',
  ],
};

const CONTACTS: Record<'neutral' | 'negative', { with: Bank; without: Bank }> = {
  negative: {
    with: [
      'Please contact us at {contact} so we can make things right.',
      'Please reach out to us at {contact}; we would like to put this right.',
    ],
    without: [
      'Please get in touch with us directly so we can make things right.',
      'Please contact us directly; we would like to put this right.',
    ],
  },
  neutral: {
    with: ['If you would like to tell us more, please reach out at {contact}.'],
    without: ['If you would like to tell us more, please get in touch with us directly.'],
  },
};

const CLOSINGS: Record<ReviewSentiment, Bank> = {
  positive: [
    'We look forward to welcoming you back soon.',
    'We hope to see you again soon.',
    'We cannot wait to have you back.',
  ],
  neutral: [
    'We hope to welcome you back and give you an even better visit.',
    'We hope to see you again soon.',
  ],
  negative: [
    'We hope you will give us another chance to welcome you properly.',
    'We hope to have the opportunity to do better for you.',
  ],
};

const GREETINGS: Record<ResponseStyle, (name: string | undefined) => string> = {
  professional: (name) => (name ? `Dear ${name},` : 'Dear guest,'),
  friendly: (name) => (name ? `Hi ${name}!` : 'Hi there!'),
  casual: (name) => (name ? `Hey ${name}!` : 'Hey there!'),
  custom: (name) => (name ? `Hello ${name},` : 'Hello,'),
};

const SIGN_OFFS: Record<ResponseStyle, (business: string | undefined) => string> = {
  professional: (business) => `Kind regards,\n${business ? `The ${business} team` : 'The team'}`,
  friendly: (business) => `Warm wishes from all of us${business ? ` at ${business}` : ''}`,
  casual: (business) => `Cheers,\n${business ? `The ${business} crew` : 'The crew'}`,
  custom: (business) => `Best wishes,\n${business ? `The ${business} team` : 'The team'}`,
};

const CONTRACTIONS: [RegExp, string][] = [
  [/\bWe are\b/g, "We're"],
  [/\bwe are\b/g, "we're"],
  [/\bIt is\b/g, "It's"],
  [/\bcannot\b/g, "can't"],
  [/\bWe would\b/g, "We'd"],
  [/\bwe would\b/g, "we'd"],
  [/\bdid not\b/g, "didn't"],
];

/** FNV-1a: a small stable hash, so a review always gets the same sentences. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Sentences of a reply (before greeting and sign-off) for the review's sentiment and the length. */
function sentencesOf(input: DraftInput, pick: (bank: Bank, salt: string) => string): string[] {
  const sentiment = sentimentOf(input.review);
  const opening = pick(
    reviewText(input.review) ? OPENINGS[sentiment].text : OPENINGS[sentiment].rating,
    'open',
  );
  const contact =
    sentiment === 'positive'
      ? undefined
      : pick(businessContact(input) ? CONTACTS[sentiment].with : CONTACTS[sentiment].without, 'contact');
  const closing = pick(CLOSINGS[sentiment], 'close');
  const middles = MIDDLES[sentiment];
  const first = middles.indexOf(pick(middles, 'middle'));
  const middle = (n: number) => middles[(first + n) % middles.length]!;
  switch (input.settings.responseLength) {
    case 'short':
      return [opening, contact ?? closing];
    case 'medium':
      return [opening, middle(0), ...(contact ? [contact] : []), closing];
    case 'long':
      return [opening, middle(0), middle(1), ...(contact ? [contact] : []), closing];
  }
}

function fill(sentence: string, input: DraftInput): string {
  const business = businessNameOf(input);
  return sentence
    .replace('{stars}', starWord(input.review.rating))
    .replace('{team}', business ? `the team at ${business}` : 'our team')
    .replace('{contact}', businessContact(input) ?? '');
}

/** The local drafter's reply for this review under these settings (always non-empty, within the limits). */
export function localDraft(input: DraftInput): string {
  const template = templateFor(input);
  if (template) {
    const finished = finishDraft(fillTemplate(template, input), input);
    if (finished.ok) return finished.text;
  }
  const { review, settings } = input;
  const seed = `${review.reviewId ?? ''}|${review.reviewerName ?? ''}|${review.rating}|${reviewText(review)}`;
  const pick = (bank: Bank, salt: string) => bank[hash(`${salt}|${seed}`) % bank.length]!;
  const style = settings.responseStyle;
  let body = sentencesOf(input, pick)
    .map((sentence) => fill(sentence, input))
    .join(' ');
  if (style === 'casual') for (const [pattern, short] of CONTRACTIONS) body = body.replace(pattern, short);
  const greeting = GREETINGS[style](reviewerFirstName(review));
  const text = `${greeting}\n\n${body}\n\n${SIGN_OFFS[style](businessNameOf(input))}`;
  const finished = finishDraft(text, input);
  return finished.ok ? finished.text : body;
}
