/**
 * Restaurant slugs: the first path segment of a public site URL and the key that slug
 * availability checks compare (availability normalises the same way).
 */

// Combining marks left behind by NFKD, so that "Café" keeps its "e" instead of losing the letter.
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * Slug: lowercase the name, runs of non-alphanumerics become a hyphen, leading and trailing
 * hyphens removed. Accented Latin letters are folded to their base letter first (a URL segment stays
 * readable); any other non-ASCII character counts as a non-alphanumeric. A name with no letters or digits
 * gives '' and the caller decides what to do with it.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether `value` is a slug as slugify writes one (lowercase letters and digits in hyphen-joined runs). */
export const isSlug = (value: string): boolean => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
