/**
 * Keyset paging of the catalogue lists (decision 012): a page holds at most MAX_LIST_LIMIT records, and
 * without ?limit= a page is as large as allowed, so most restaurants get their whole list in one request.
 */
export const MAX_LIST_LIMIT = 500;
export const DEFAULT_LIST_LIMIT = MAX_LIST_LIMIT;

export const INVALID_CURSOR = 'Invalid cursor';
