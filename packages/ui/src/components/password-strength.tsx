import { useEffect, useState } from 'react';
import type { Strength } from '../lib/password-strength';

const LABELS = ['Too easy to guess', 'Weak', 'Fair', 'Good', 'Strong'] as const;

// the estimator and its word lists (~400 KB) load with the first character typed, not with the page
const estimator = () => import('../lib/password-strength');

/**
 * Settles after typing pauses, so the meter (and the screen reader's polite announcement) follows the
 * password without speaking at every key.
 */
function useStrength(password: string, ownWords: readonly string[]): Strength | null {
  const [strength, setStrength] = useState<Strength | null>(null);
  const words = ownWords.join('\n');
  useEffect(() => {
    if (!password) {
      setStrength(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      estimator()
        .then(({ strengthOf }) => {
          if (live) setStrength(strengthOf(password, words.split('\n')));
        })
        .catch(() => {
          // the meter is advice: without its chunk (offline) the form works as before
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, words]);
  return password ? strength : null;
}

/**
 * How guessable a new password is, under its field: four bars and a word, with zxcvbn's advice while it is
 * weak. It never blocks the form; the server refuses only the most common passwords (with its own message).
 */
export function PasswordStrength({
  password,
  ownWords = [],
}: {
  password: string;
  /** The person's name and email: a password made of them is easy to guess. */
  ownWords?: readonly string[];
}) {
  const strength = useStrength(password, ownWords);
  return (
    <span className="ui-strength" data-score={strength?.score} aria-live="polite">
      {strength && (
        <>
          <span className="ui-strength__bars" aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
          </span>
          <span className="ui-strength__text">
            Strength: <strong>{LABELS[strength.score]}</strong>
            {strength.advice ? `. ${strength.advice}` : ''}
          </span>
        </>
      )}
    </span>
  );
}
