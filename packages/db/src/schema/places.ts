import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Issue 18: Google Places answers, cached (search 10 min, details and photos 30 min) in the
// database every instance shares, so one instance's fetch is every instance's hit. Keyed by a SHA-256 of
// the normalised request; nobody's data (places are public), so no tenant_id and no walls.
export const placesCache = pgTable(
  'places_cache',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    answer: jsonb('answer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('places_cache_expires_idx').on(t.expiresAt)],
);
