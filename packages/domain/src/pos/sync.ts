import { z } from 'zod';
import { text } from '../text';
import { posOrderSchema } from './api';

/**
 * A register's offline queue sent in batches (docs/behaviour/pos.md#offline, decision 073): several cash
 * sales made offline in one request, each with its own Idempotency-Key, recorded in order (one refused stops
 * none of the others). The register reads its menus, taxes and server once a batch
 * instead of once a sale.
 */

/** The most sales one batch may carry (the register sends this many at once). */
export const SYNC_MAX_SALES = 100;
export const SYNC_SALES_MESSAGE = `Send between 1 and ${SYNC_MAX_SALES} sales at once`;
export const SYNC_SALE_MESSAGE = 'Each sale needs its Idempotency-Key and its sale';

/**
 * Each entry is what `POST …/pos/orders` takes: its Idempotency-Key and its body. A body is checked on its own,
 * so one malformed sale is refused alone (400 in its result) and the others are recorded.
 */
export const syncSalesSchema = z.strictObject({
  sales: z
    .array(
      z.strictObject(
        {
          idempotencyKey: text({ error: SYNC_SALE_MESSAGE }),
          sale: z.record(text(), z.unknown(), { error: SYNC_SALE_MESSAGE }),
        },
        { error: SYNC_SALE_MESSAGE },
      ),
      { error: SYNC_SALES_MESSAGE },
    )
    .min(1, SYNC_SALES_MESSAGE)
    .max(SYNC_MAX_SALES, SYNC_SALES_MESSAGE),
});
export type SyncSalesInput = z.input<typeof syncSalesSchema>;

/** A sale's refusal, as `POST …/pos/orders` would have answered it (RFC 9457's fields). */
export const syncProblemSchema = z.object({
  status: z.number(),
  code: z.string(),
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const syncResultSchema = z.object({
  idempotencyKey: z.string(),
  /** 201 when the sale is recorded (now or by an earlier send of the same key), else the refusal's status. */
  status: z.number(),
  sale: posOrderSchema.optional(),
  problem: syncProblemSchema.optional(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/**
 * One result per sale tried, in order. The batch stops at the first refusal that may change (anything but
 * 400 and 422: the register locked, no menu on sale): that sale's result says why, and the ones after it have
 * none and wait for the next send, as they would one at a time.
 */
export const syncAnswerSchema = z.object({ results: z.array(syncResultSchema) });
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;
