import { z } from 'zod';

/**
 * The online-ordering funnel of a range of business days (docs/behaviour/reports.md#online-ordering-funnel):
 * guests who opened the order menu, asked for a quote (a priced cart), placed an order (card authorised) and
 * had it accepted, per day and in all; conversion in percent of the step before (one decimal; 0 when the
 * step before is 0).
 */
const funnelFigures = {
  menuViews: z.number(),
  quotes: z.number(),
  ordersPlaced: z.number(),
  ordersAccepted: z.number(),
};

export const orderingFunnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    ...funnelFigures,
    /** Quotes per menu view, orders per quote, accepted per order placed; percent, one decimal. */
    quoteRate: z.number(),
    orderRate: z.number(),
    acceptRate: z.number(),
  }),
  /** Days with anything counted, oldest first. */
  days: z.array(z.object({ date: z.string(), ...funnelFigures })),
});
export type OrderingFunnel = z.infer<typeof orderingFunnelSchema>;
