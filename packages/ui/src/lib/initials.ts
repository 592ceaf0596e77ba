import { firstCharacter } from '@brigade/domain/text';

/**
 * Up to two initials of a name for an avatar ("Harbor Grill" → "HG"), '?' when it has none. Each initial is
 * a whole character: a name starting with an emoji keeps the emoji rather than half of it.
 */
export const initials = (text: string): string =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => firstCharacter(word).toUpperCase())
    .join('') || '?';
