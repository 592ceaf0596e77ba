import { z } from 'zod';

/**
 * A timestamp kept inside a JSONB document. JSONB has no date type: a Date written into the document comes
 * back as an ISO string. Both are accepted and the parsed value is always a Date.
 */
export const jsonTimestampSchema = z.union([
  z.date(),
  z.iso.datetime({ offset: true }).pipe(z.coerce.date()),
]);
