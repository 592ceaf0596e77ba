import { z } from 'zod';

/**
 * The success envelope of every JSON answer, `{ success: true, data, ...extra }`
 * (docs/behaviour/README.md#requests-and-responses). `extra` holds the few fields that travel beside the data:
 * a page's `nextCursor`, a sign-in's session token, a menu's availability. Every contract's response is
 * declared with it, and the server builds the same shape with one function (`success` in
 * apps/server/src/plugins/contract-routes.ts).
 */
export const successOf = <Data extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  data: Data,
  extra?: Extra & { success?: never; data?: never },
) => z.object({ success: z.literal(true), data, ...(extra as Extra) });
