import { z } from 'zod';
import { cardExpiry, cardToken, minorUnits } from '../payments/api';
import { queryTime } from '../query-dates';
import { multilineText, requiredText, text } from '../text';
import { cartLinesSchema, tipChoiceSchema } from './cart';
import { CAPTURE_MOMENTS, ORDER_STATUSES, RESTAURANT_STATUSES } from './order-status';
import { refundLineSchema } from './refund-lines';

/**
 * What the ordering API takes and gives (docs/behaviour/ordering.md). Amounts are whole cents (decision 022).
 */

// --- Settings -------------------------------------------------------------------------------------------

export const DEFAULT_TIP_PRESETS = [15, 18, 20] as const;

const minutes = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} cannot exceed ${max} minutes`);

export const ALERT_PHONE_MESSAGE = 'Enter the alert phone in international format, such as +15551234567';

export const orderingSettingsSchema = z.object({
  /** Minutes the kitchen needs: the earliest pickup is now plus this (and opening plus this). */
  leadTimeMinutes: minutes('Lead time', 24 * 60),
  /** Days pickups may be scheduled for, today included (1: today only). */
  schedulingDays: z
    .number({ error: 'Scheduling days must be a whole number' })
    .int('Scheduling days must be a whole number')
    .min(1, 'Scheduling days must be at least 1')
    .max(14, 'Scheduling days cannot exceed 14'),
  /** Orders one 15-minute pickup slot takes; null for no limit. */
  slotCapacity: z
    .number({ error: 'Slot capacity must be a whole number' })
    .int('Slot capacity must be a whole number')
    .min(1, 'Slot capacity must be at least 1')
    .max(1000, 'Slot capacity cannot exceed 1000')
    .nullable(),
  tipPresets: z
    .array(
      z
        .number({ error: 'Tip presets must be numbers' })
        .int('Tip presets must be whole percents')
        .min(1, 'Tip presets must be between 1 and 100')
        .max(100, 'Tip presets must be between 1 and 100'),
    )
    .max(4, 'At most 4 tip presets'),
  captureOn: z.enum(CAPTURE_MOMENTS, { error: 'Capture must be on accept or on completion' }),
  /** Minutes an order may wait unaccepted before the restaurant is mailed about it (0: never). */
  alertAfterMinutes: minutes('Alert after', 120),
  /** Minutes an order may wait unaccepted before it is cancelled and the guest's card released (0: never). */
  cancelAfterMinutes: minutes('Cancel after', 240),
  /** A mobile number texted with the alert about an order nobody accepted (null: mail only). */
  alertPhone: z
    .string({ error: ALERT_PHONE_MESSAGE })
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, ALERT_PHONE_MESSAGE)
    .nullable(),
  /** Online ordering paused until this instant (null: not paused). */
  pausedUntil: z.date().nullable(),
  /** Items marked sold out ("86"), until someone turns them back on. */
  soldOutItemIds: z.array(z.number().int()),
});
export type OrderingSettings = z.infer<typeof orderingSettingsSchema>;

export const DEFAULT_ORDERING_SETTINGS: OrderingSettings = {
  leadTimeMinutes: 20,
  schedulingDays: 2,
  slotCapacity: null,
  tipPresets: [...DEFAULT_TIP_PRESETS],
  captureOn: 'accept',
  alertAfterMinutes: 5,
  cancelAfterMinutes: 20,
  alertPhone: null,
  pausedUntil: null,
  soldOutItemIds: [],
};

export const updateOrderingSettingsSchema = orderingSettingsSchema
  .omit({ pausedUntil: true, soldOutItemIds: true })
  .partial()
  .strict();

export const PAUSE_MINUTES_MESSAGE = 'Pause for 0 (resume) to 1440 minutes';
export const pauseOrderingSchema = z.strictObject({
  minutes: z
    .number({ error: PAUSE_MINUTES_MESSAGE })
    .int(PAUSE_MINUTES_MESSAGE)
    .min(0, PAUSE_MINUTES_MESSAGE)
    .max(1440, PAUSE_MINUTES_MESSAGE),
});

export const soldOutSchema = z.strictObject({
  soldOut: z.boolean({ error: 'soldOut must be true or false' }),
});

// --- Guest side -----------------------------------------------------------------------------------------

export const PICKUP_MESSAGE = 'Pickup must be { asap: true } or { at: an ISO date-time }';
export const pickupChoiceSchema = z.union(
  [
    z.strictObject({ asap: z.literal(true) }),
    z.strictObject({ at: z.iso.datetime({ offset: true, error: 'Pickup time must be an ISO date-time' }) }),
  ],
  { error: PICKUP_MESSAGE },
);
export type PickupChoice = z.output<typeof pickupChoiceSchema>;

export const quoteRequestSchema = z.strictObject({
  lines: cartLinesSchema,
  pickup: pickupChoiceSchema.default({ asap: true }),
  tip: tipChoiceSchema.optional(),
});
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

export const customerSchema = z.strictObject({
  name: requiredText('Name is required').max(60, 'Name cannot exceed 60 characters'),
  email: z.email({ error: 'A valid email is required' }).max(254, 'A valid email is required'),
  phone: text({ error: 'A valid phone number is required' })
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, 'A valid phone number is required'),
});
export type Customer = z.output<typeof customerSchema>;

export const placeOrderRequestSchema = z.strictObject({
  lines: cartLinesSchema,
  pickup: pickupChoiceSchema,
  tip: tipChoiceSchema.optional(),
  customer: customerSchema,
  notes: multilineText().trim().max(500, 'Notes cannot exceed 500 characters').optional(),
  /** The card, as the hosted card-entry frame tokenised it: never a card number. */
  payment: z.strictObject({
    token: cardToken(),
    expiry: cardExpiry(),
    postal: z
      .string()
      .regex(/^[A-Za-z0-9 -]{1,10}$/, 'Postal code must be 1-10 letters, digits, spaces or hyphens')
      .optional(),
  }),
});
export type PlaceOrderRequest = z.output<typeof placeOrderRequestSchema>;

const pricedModifierSchema = z.object({
  modifierGroupId: z.number(),
  groupName: z.string(),
  modifierId: z.number(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
});

export const orderLineSchema = z.object({
  itemId: z.number(),
  name: z.string(),
  kitchenName: z.string().optional(),
  sizeId: z.number().optional(),
  sizeName: z.string().optional(),
  quantity: z.number(),
  unitPrice: z.number(),
  modifiers: z.array(pricedModifierSchema),
  modifierCharge: z.number(),
  lineTotal: z.number(),
  notes: z.string().optional(),
  prepStationIds: z.array(z.number()),
  courseId: z.number().optional(),
  /** A register check's seat (docs/behaviour/pos.md#open-checks). */
  seat: z.number().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const totalsSchema = z.object({
  subtotal: z.number(),
  taxes: z.array(
    z.object({ taxRateId: z.number(), name: z.string(), amount: z.number(), included: z.number() }),
  ),
  tax: z.number(),
  includedTax: z.number(),
  serviceCharge: z.number(),
  tip: z.number(),
  total: z.number(),
});

export const quoteSchema = z.object({
  lines: z.array(orderLineSchema),
  totals: totalsSchema,
  pickupAt: z.date(),
  currency: z.string(),
});
export type Quote = z.input<typeof quoteSchema>;

/** What the guest sees of their order (the confirmation page): no payment details beyond the card's end. */
export const guestOrderSchema = z.object({
  token: z.string(),
  /** The day's order number; null for an order that never went live (its payment failed): it took none. */
  number: z.number().nullable(),
  status: z.enum(ORDER_STATUSES),
  restaurantName: z.string(),
  pickupAt: z.date(),
  readyAt: z.date().nullable(),
  customerName: z.string(),
  lines: z.array(orderLineSchema),
  totals: totalsSchema,
  currency: z.string(),
  cardLastFour: z.string().nullable(),
  /** Why the payment failed, in the gateway's cleaned words, for a declined card. */
  paymentMessage: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type GuestOrder = z.input<typeof guestOrderSchema>;

// --- Restaurant side ------------------------------------------------------------------------------------

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
  actor: z.string(),
  actorName: z.string().nullable(),
  at: z.date(),
});

export const orderSchema = z.object({
  orderId: z.number(),
  token: z.string(),
  number: z.number(),
  businessDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Where it was taken: the public site, a register (docs/behaviour/pos.md) or a kiosk (kiosk.md). */
  channel: z.enum(['online', 'pos', 'kiosk']),
  /** `pickup` online; a register sale is eaten in or taken out. */
  fulfilment: z.enum(['pickup', 'dine_in', 'takeout']),
  pickupAt: z.date(),
  asap: z.boolean(),
  readyAt: z.date().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  notes: z.string().nullable(),
  lines: z.array(orderLineSchema),
  totals: totalsSchema,
  currency: z.string(),
  transactionId: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  /** What was refunded of the payment so far (cents; the order page). */
  refundedAmount: z.number().optional(),
  /**
   * What is left to refund (cents; the order page): captured, less what was refunded and what scheduled
   * refunds hold. Before the payment settles a refund of it is scheduled for when it does.
   */
  refundableAmount: z.number().optional(),
  /** What refunds waiting for the payment to settle hold (cents). */
  scheduledRefundAmount: z.number().optional(),
  /** Quantities of each line given back by line, refunded or scheduled (the order page's refund by line). */
  refundedLines: z.array(z.object({ line: z.number(), quantity: z.number() })).optional(),
  /** True while the payment has not settled: a refund asked for now is sent once it does. */
  refundWaitsForSettlement: z.boolean().optional(),
  cardLastFour: z.string().nullable(),
  cardBrand: z.string().nullable(),
  /**
   * How a register or kiosk sale was paid (the order page): its tenders in order — cash, the card (brand and
   * last four only), and what was handed back. A check paid in parts (split tender) has several.
   */
  registerPayments: z
    .array(
      z.object({
        method: z.enum(['cash', 'card']),
        kind: z.enum(['payment', 'refund']),
        amount: z.number(),
        cardBrand: z.string().nullable(),
        lastFour: z.string().nullable(),
      }),
    )
    .optional(),
  events: z.array(orderEventSchema).optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type OrderView = z.input<typeof orderSchema>;

export const orderQuerySchema = z.strictObject({
  status: z
    .enum(RESTAURANT_STATUSES, { error: `status must be one of ${RESTAURANT_STATUSES.join(', ')}` })
    .optional(),
  /** The business date (YYYY-MM-DD, the restaurant's clock); today when absent. */
  date: queryTime('date', 'date', 'date must be YYYY-MM-DD').optional(),
  active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
});

export const READY_IN_MESSAGE = 'Ready in must be 0 to 240 minutes';
export const moveOrderSchema = z.strictObject({
  status: z.enum(RESTAURANT_STATUSES, { error: `status must be one of ${RESTAURANT_STATUSES.join(', ')}` }),
  /** With `accepted`: minutes until the order will be ready (the pickup time when absent). */
  readyInMinutes: z
    .number({ error: READY_IN_MESSAGE })
    .int(READY_IN_MESSAGE)
    .min(0, READY_IN_MESSAGE)
    .max(240, READY_IN_MESSAGE)
    .optional(),
  note: text().trim().max(200, 'Note cannot exceed 200 characters').optional(),
});
export type MoveOrderInput = z.output<typeof moveOrderSchema>;

/** A refund of part of an order (docs/behaviour/ordering.md#refunds-from-the-order), managers and above. */
export const REFUND_REASON_MESSAGE = 'Say why the order is refunded';
export const REFUND_AMOUNT_OR_LINES = 'Give an amount or the lines to refund, not both';
export const refundOrderSchema = z
  .strictObject({
    /** Cents; what is left to refund when absent (and no lines are given). */
    amount: minorUnits('Amount', 1).optional(),
    /** Lines of the order and how many of each to give back, at their price and with their tax. */
    lines: z
      .array(refundLineSchema)
      .min(1, 'Choose at least one line to refund')
      .max(200, 'At most 200 lines')
      .optional(),
    reason: requiredText(REFUND_REASON_MESSAGE).max(200, 'Reason cannot exceed 200 characters'),
  })
  .refine((body) => body.amount === undefined || body.lines === undefined, {
    message: REFUND_AMOUNT_OR_LINES,
    path: ['lines'],
  });
export type RefundOrderInput = z.output<typeof refundOrderSchema>;
export const ORDER_NOT_SOLD = 'Only an order the restaurant accepted can be refunded in part';
export const ORDER_NOT_SETTLED =
  'The payment has not settled yet: part of it can be refunded once it settles (usually the next day); until then the order can only be cancelled in full';
/** A refund asked for when scheduled refunds already hold all that is left of the payment. */
export const REFUNDS_ALREADY_SCHEDULED =
  'Refunds already scheduled for when the payment settles cover what is left to refund';
/** The order's history line of a refund that waits for the payment to settle (order-refunds.ts). */
export const scheduledRefundNote = (what: string, reason: string) =>
  `Refund of ${what} scheduled for when the payment settles: ${reason}`;

// --- The ordering menu (what the guest's browser reads) -------------------------------------------------

const publicModifierGroupSchema = z.object({
  modifierGroupId: z.number(),
  name: z.string(),
  minSelection: z.number(),
  maxSelection: z.number().nullable(),
  allowDuplicates: z.boolean(),
  pricingStrategy: z.string(),
  groupPrice: z.number(),
  modifiers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      price: z.number(),
      calories: z.number().nullable().optional(),
    }),
  ),
});

export const publicItemSchema = z.object({
  itemId: z.number(),
  name: z.string(),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
  calories: z.number().nullable().optional(),
  containsAlcohol: z.boolean(),
  pricingStrategy: z.enum(['base', 'size']),
  price: z.number(),
  sizes: z.array(z.object({ id: z.number(), name: z.string(), price: z.number() })),
  modifierGroups: z.array(publicModifierGroupSchema),
  soldOut: z.boolean(),
});

export interface OrderingSection {
  menuGroupId: number;
  name: string;
  description?: string | undefined;
  items: z.input<typeof publicItemSchema>[];
  sections: OrderingSection[];
}
export const orderingSectionSchema: z.ZodType<OrderingSection> = z
  .object({
    menuGroupId: z.number(),
    name: z.string(),
    description: z.string().optional(),
    items: z.array(publicItemSchema),
    get sections() {
      return z.array(orderingSectionSchema);
    },
  })
  .meta({ id: 'OrderingSection' }) as z.ZodType<OrderingSection>;

export const orderingMenuSchema = z.object({
  restaurantId: z.number(),
  restaurantName: z.string(),
  currency: z.string(),
  /** Can orders be placed now (for now or later)? When false, `closedMessage` says why. */
  accepting: z.boolean(),
  closedMessage: z.string().nullable(),
  asapAt: z.date().nullable(),
  slots: z.array(z.date()),
  allowTips: z.boolean(),
  tipPresets: z.array(z.number()),
  /** The hosted card-entry frame (the gateway's page: card numbers never reach Brigade). */
  cardEntry: z.object({ url: z.string(), origin: z.string() }).nullable(),
  menus: z.array(orderingSectionSchema),
});
export type OrderingMenu = z.input<typeof orderingMenuSchema>;
