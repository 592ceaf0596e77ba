import { z } from 'zod';

/**
 * Whole numbers that are stored (ids, counts, positions, selections) live in PostgreSQL `integer` columns:
 * -2147483648 to 2147483647. Every integer a request carries is held to that range by its schema, so a
 * larger one is a 400 naming the field instead of an "integer out of range" from the database (decision 016).
 */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** The message for an integer above INT32_MAX. */
export const int32MaxMessage = (label: string) => `${label} must be at most ${INT32_MAX}`;

/** The message for an integer below INT32_MIN. */
export const int32MinMessage = (label: string) => `${label} must be at least ${INT32_MIN}`;

/** A positive integer id in a path or query (`{label} must be a positive integer`), within INT32_MAX. */
export const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a positive integer` })
    .int(`${label} must be a positive integer`)
    .positive(`${label} must be a positive integer`)
    .max(INT32_MAX, int32MaxMessage(label));
