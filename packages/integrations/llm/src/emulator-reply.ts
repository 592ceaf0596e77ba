import { createHash } from 'node:crypto';

/**
 * The emulator's answer: a deterministic text derived from the prompt, so a test can predict it. It follows
 * the labelled lines Brigade's review-reply prompt carries (docs/operations/llm.md), as a well-behaved model
 * would: `Reviewer first name:`, `Business name:`, `Rating: N`, `Style:`, `at most N words`, and an owner's template
 * (filled with those values). A prompt without
 * them gets a short acknowledgement naming the prompt's fingerprint.
 */

export interface EmulatedMessage {
  role: string;
  content: string;
}

const lineValue = (text: string, label: string): string | undefined => {
  const match = new RegExp(`^${label}:[ \\t]*(.+)$`, 'im').exec(text);
  const value = match?.[1]?.trim();
  return value ? value : undefined;
};

export const fingerprintOf = (messages: EmulatedMessage[]): string =>
  createHash('sha256')
    .update(messages.map((m) => `${m.role}\u0000${m.content}`).join('\u0001'))
    .digest('hex')
    .slice(0, 8);

const GREETINGS: Record<string, (name: string | undefined) => string> = {
  professional: (name) => (name ? `Dear ${name},` : 'Dear guest,'),
  friendly: (name) => (name ? `Hi ${name}!` : 'Hi there!'),
  casual: (name) => (name ? `Hey ${name}!` : 'Hey there!'),
};

function body(rating: number, business: string | undefined): string[] {
  const team = business ? `everyone at ${business}` : 'our whole team';
  if (rating >= 4)
    return [
      'Thank you so much for your wonderful review.',
      `It means a great deal to ${team}.`,
      'We look forward to welcoming you back soon.',
    ];
  if (rating === 3)
    return [
      'Thank you for taking the time to share your feedback.',
      `${business ? `At ${business} we` : 'We'} are always looking for ways to do better.`,
      'We hope to give you an even better visit next time.',
    ];
  return [
    'We are truly sorry that your visit did not meet your expectations.',
    'Please contact us directly so we can make it right.',
    `${business ? `At ${business} we` : 'We'} take feedback like yours seriously.`,
  ];
}

const truncateWords = (text: string, limit: number): string => {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= limit ? text : words.slice(0, limit).join(' ');
};

/** The owner's template the prompt carries (the lines after "Owner's template…:" up to "Review:"), if any. */
function templateOf(prompt: string): string | undefined {
  const match = /^Owner's template[^\n]*:\n([\s\S]*?)\nReview:/m.exec(prompt);
  return match?.[1]?.trim() || undefined;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(
    /\{\{?\s*([A-Za-z]+)\s*\}?\}/g,
    (whole, key: string) => values[key.toLowerCase()] ?? whole,
  );

/** The emulated assistant text for these messages. */
export function emulatedReply(messages: EmulatedMessage[]): string {
  const prompt = messages.map((m) => m.content).join('\n');
  const fingerprint = fingerprintOf(messages);
  const ratingText = lineValue(prompt, 'Rating');
  const rating = Number(ratingText?.match(/^[1-5]/)?.[0]);
  if (!Number.isInteger(rating) || rating < 1)
    return `Emulated answer ${fingerprint}: ${truncateWords(messages.at(-1)?.content ?? '', 12)}`;
  const name = lineValue(prompt, 'Reviewer first name');
  const firstName = name && !/^\(.*\)$/.test(name) ? name : undefined;
  const business = lineValue(prompt, 'Business name');
  const style =
    lineValue(prompt, 'Style')
      ?.split(/[\s(:]/)[0]
      ?.toLowerCase() ?? 'professional';
  const greeting = (GREETINGS[style] ?? ((n: string | undefined) => (n ? `Hello ${n},` : 'Hello,')))(
    firstName,
  );
  const limit = Number(/at most (\d+) words/i.exec(prompt)?.[1] ?? 120);
  // A model told to follow the owner's template does: filled with the prompt's values.
  const template = templateOf(prompt);
  if (template)
    return truncateWords(
      fill(template, {
        firstname: firstName ?? 'there',
        reviewername: firstName ?? 'there',
        businessname: business ?? 'our team',
        rating: String(rating),
      }),
      limit,
    );
  // The fingerprint picks how much of the body a "sampled" answer uses, so different prompts differ.
  const sentences = body(rating, business);
  const count = 2 + (Number.parseInt(fingerprint.slice(0, 2), 16) % 2);
  return truncateWords(`${greeting} ${sentences.slice(0, count).join(' ')}`, limit);
}
