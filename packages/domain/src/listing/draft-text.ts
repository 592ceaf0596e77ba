import { type DraftInput, RESPONSE_LENGTH_WORDS, reviewerFirstName } from './draft-settings';
import { REVIEW_REPLY_MAX_LENGTH } from './review';

/**
 * A draft's text made fit to post (docs/behaviour/ai-review-replies.md): what a model answered, or the local
 * drafter's text, trimmed, without wrapping quotes, code fences, a "Here is a reply:" preamble or markdown,
 * the reviewer's full name reduced to the first name, cut at a sentence end to the length's word target, and
 * always within 4096 characters and 4096 UTF-8 bytes (Google's limit).
 */

export type FinishedDraft = { ok: true; text: string } | { ok: false; reason: 'empty' };

const PAIRS: [string, string][] = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['«', '»'],
  ['„', '“'],
];

function stripWrapping(text: string): string {
  let out = text.trim();
  const fenced = /^```[\w-]*[ \t]*\n?([\s\S]*?)\n?```$/.exec(out);
  if (fenced) out = fenced[1]!.trim();
  // "Here is a reply:" / "Reply:" on a line of its own before the text.
  out = out.replace(
    /^(?:(?:sure|certainly|of course)[,!.]?\s*)?(?:here(?:'s| is)[^\n]{0,60}|reply|response|draft)\s*:\s*\n+/i,
    '',
  );
  out = out.replace(/^(?:reply|response|draft)\s*:\s+/i, '').trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [open, close] of PAIRS) {
      if (out.length >= 2 && out.startsWith(open) && out.endsWith(close)) {
        out = out.slice(open.length, -close.length).trim();
        changed = true;
      }
    }
  }
  return out;
}

function stripMarkdown(text: string): string {
  return text
    .replace(/!?\[([^\]\n]*)\]\(([^)\s]*)\)/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+/gm, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[\s(])[*_](?=\S)([^*_\n]*?\S)[*_](?=[\s).,!?;:]|$)/g, '$1$2')
    .replace(/`+([^`\n]*)`+/g, '$1')
    .replace(/^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$/gm, '');
}

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^[ \t]+|[ \t]+$/gm, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The reviewer's full name (two words or more) in the reply becomes the first name (no personal data). */
function firstNameOnly(text: string, input: DraftInput | undefined): string {
  const full = input?.review.reviewerName?.trim().replace(/\s+/g, ' ');
  if (!input || !full?.includes(' ')) return text;
  const first = reviewerFirstName(input.review);
  const pattern = new RegExp(escapeRegExp(full).replace(/ /g, '\\s+'), 'giu');
  return text.replace(pattern, first ?? 'there');
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** At most `limit` words, ending at a sentence end when one falls in the second half; else at a word. */
export function cutToWords(text: string, limit: number): string {
  if (words(text).length <= limit) return text;
  let count = 0;
  let cut = 0;
  for (const match of text.matchAll(/\S+/g)) {
    count += 1;
    if (count > limit) break;
    cut = match.index + match[0].length;
  }
  const head = text.slice(0, cut);
  const sentenceEnd = Math.max(
    ...[...head.matchAll(/[.!?…](?=["'”’)]?(\s|$))["'”’)]?/g)].map((m) => m.index + m[0].length),
    -1,
  );
  if (sentenceEnd > 0 && words(head.slice(0, sentenceEnd)).length >= limit / 2)
    return head.slice(0, sentenceEnd).trim();
  return `${head.replace(/[\s,;:–—-]+$/u, '')}…`;
}

/** At most 4096 characters and 4096 UTF-8 bytes, cut between code points. */
export function cutToReplyLimit(text: string): string {
  const encoder = new TextEncoder();
  if (text.length <= REVIEW_REPLY_MAX_LENGTH && encoder.encode(text).length <= REVIEW_REPLY_MAX_LENGTH)
    return text;
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (bytes + size > REVIEW_REPLY_MAX_LENGTH || out.length + char.length > REVIEW_REPLY_MAX_LENGTH) break;
    out += char;
    bytes += size;
  }
  return out.trimEnd();
}

/** The raw text made into a postable draft, or `empty` when nothing is left of it. */
export function finishDraft(raw: string, input?: DraftInput, wordLimit?: number): FinishedDraft {
  const limit = wordLimit ?? (input ? RESPONSE_LENGTH_WORDS[input.settings.responseLength] : undefined);
  let text = tidy(stripMarkdown(stripWrapping(tidy(raw))));
  text = tidy(stripWrapping(firstNameOnly(text, input)));
  if (limit !== undefined) text = cutToWords(text, limit);
  text = cutToReplyLimit(text);
  return /[\p{L}\p{N}]/u.test(text) ? { ok: true, text } : { ok: false, reason: 'empty' };
}
