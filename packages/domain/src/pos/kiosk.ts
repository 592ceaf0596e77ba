import { z } from 'zod';
import { cartLinesSchema } from '../ordering/cart';
import { text } from '../text';
import { POS_SERVICES, posMenuGroupSchema, registerSchema } from './api';

/**
 * The self-order kiosk (docs/behaviour/kiosk.md, decision 059): a paired device in kiosk mode reads the menus
 * visible in the kiosk with the items on the kiosk channel, and places an order for the guest to pay at the
 * counter. Its device token is its only identity: no staff member signs in on it.
 */

export const NOT_ON_KIOSK = 'This item is not on the kiosk menu now';
export const KIOSK_NO_MENU = 'This kiosk cannot take orders: the restaurant has no menu on the kiosk now';
export const KIOSK_NO_TERMINAL = 'This kiosk has no card terminal: pay at the counter';
export const NAME_OR_TENT = 'Give your name or a table tent number';
export const KIOSK_PAYMENTS = ['counter', 'card'] as const;
export const TABLE_TENT_MESSAGE = 'Table tent must be a number from 1 to 999';
export const KIOSK_ORDERS_LIMITED =
  'This kiosk has placed too many orders in a short time. Please wait a moment, or order at the counter.';

/**
 * How many new orders one kiosk may place in a window (docs/behaviour/kiosk.md#limits): far above what guests
 * at one screen can order (one every 30 seconds for a quarter of an hour), far below what a script holding a
 * kiosk's token could write. `KIOSK_ORDERS_PER_DEVICE` changes the count.
 */
export const KIOSK_ORDER_LIMIT = { ordersPerDevice: 30, windowMs: 15 * 60_000 };
export type KioskOrderLimit = typeof KIOSK_ORDER_LIMIT;

/** A guest's receipt at the kiosk (docs/behaviour/kiosk.md#receipts): for a while after paying, printed once. */
export const KIOSK_RECEIPT_MINUTES = 15;
export const KIOSK_NO_PRINTER = 'This kiosk has no receipt printer: ask at the counter for a receipt';
export const KIOSK_RECEIPT_PRINTED = 'This receipt was already printed: ask at the counter for another';

/** What a kiosk reads to show its menu: the restaurant, its currency and tax rules, the kiosk's menus. */
export const kioskMenuSchema = z.object({
  device: z.object({ deviceId: z.number(), name: z.string() }),
  /** A receipt printer is set for the kiosk: the confirmation offers "Print receipt". */
  receiptPrinter: z.boolean(),
  restaurantName: z.string(),
  currency: z.string(),
  timezone: z.string(),
  menus: z.array(posMenuGroupSchema),
  rules: registerSchema.shape.rules,
  /** A card terminal is paired to this kiosk: guests may pay on it. */
  cardTerminal: z.boolean(),
});
export type KioskMenu = z.infer<typeof kioskMenuSchema>;

export const placeKioskOrderSchema = z
  .strictObject({
    service: z.enum(POS_SERVICES, { error: 'Choose dine in or takeout' }),
    lines: cartLinesSchema,
    /** The name called at the counter. */
    guestName: text().trim().max(40, 'Name cannot exceed 40 characters').optional(),
    /** The numbered tent the guest takes to the table, so a runner finds them. */
    tableTent: z
      .number({ error: TABLE_TENT_MESSAGE })
      .int(TABLE_TENT_MESSAGE)
      .min(1, TABLE_TENT_MESSAGE)
      .max(999, TABLE_TENT_MESSAGE)
      .optional(),
    /**
     * How the guest pays: at the counter (the order waits there as an open check), or by card on the kiosk's
     * own terminal (paid at once, it goes to the kitchen).
     */
    payment: z.enum(KIOSK_PAYMENTS, { error: "Payment must be 'counter' or 'card'" }).default('counter'),
  })
  .superRefine((order, context) => {
    if (!order.guestName && order.tableTent === undefined)
      context.addIssue({ code: 'custom', path: ['guestName'], message: NAME_OR_TENT });
  });
export type PlaceKioskOrderInput = z.input<typeof placeKioskOrderSchema>;

/**
 * The order's label at the counter, on the Orders screen and on receipts: the guest's name, the tent, or both
 * ("Ada · Tent 14"). The name and the tent are stored apart (decision 062); this joins them for display.
 */
export function kioskOrderName(order: {
  guestName?: string | null | undefined;
  tableTent?: number | null | undefined;
}) {
  const tent = order.tableTent == null ? '' : `Tent ${order.tableTent}`;
  return [order.guestName ?? '', tent].filter(Boolean).join(' · ');
}

/** What the kiosk shows on its confirmation screen. */
export const kioskOrderSchema = z.object({
  orderId: z.number(),
  number: z.number(),
  status: z.string(),
  service: z.enum(POS_SERVICES),
  name: z.string(),
  totals: z.object({
    subtotal: z.number(),
    tax: z.number(),
    includedTax: z.number(),
    total: z.number(),
  }),
  payment: z.enum(KIOSK_PAYMENTS),
  /** Paid by card on the kiosk's terminal: the card's brand and last four. */
  card: z.object({ brand: z.string().nullable(), lastFour: z.string().nullable() }).nullable(),
  createdAt: z.date(),
});
export type KioskOrder = z.infer<typeof kioskOrderSchema>;
