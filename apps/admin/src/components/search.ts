import { USER_SEARCH_MIN_CHARS } from '@brigade/domain/user';

/**
 * A search term the server accepts (at least 2 characters, for users and restaurants alike), or
 * '' for the plain list.
 */
export function searchTerm(value: string): string {
  const term = value.trim();
  return term.length >= USER_SEARCH_MIN_CHARS ? term : '';
}
