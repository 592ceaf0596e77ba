import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';

/**
 * How hard a new password is to guess, by zxcvbn (Dropbox's estimator, in its maintained TypeScript port): its
 * 0–4 score and the first thing to say about it. The dictionary is the ranked list of leaked passwords the
 * server refuses the top of (core/identity/common-passwords.ts), with the keyboard patterns; English words
 * stay out to keep this chunk small. Loaded only when someone types a new password (PasswordStrength).
 */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations });

export type Strength = { score: 0 | 1 | 2 | 3 | 4; advice: string | null };

// zxcvbn's time grows with the length; past 64 characters a password is long enough to call strong
const CHECKED_LENGTH = 64;

/** The password's strength; the person's own name and email count as easy to guess. */
export function strengthOf(password: string, ownWords: readonly string[] = []): Strength {
  const result = zxcvbn.check(password.slice(0, CHECKED_LENGTH), [...ownWords.filter(Boolean)]);
  const advice = result.feedback.warning ?? result.feedback.suggestions[0] ?? null;
  return { score: result.score, advice: result.score >= 3 ? null : advice };
}
