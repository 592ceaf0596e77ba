import { CAPTURE_MOMENTS, ORDER_STATUSES } from '@brigade/domain/ordering/order-status';
import type { RefundAllocation } from '@brigade/domain/ordering/refund-lines';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { paymentTransactions } from './payments';
import { restaurants } from './tenancy';

/**
 * Online ordering with the internal provider (docs/behaviour/ordering.md). Amounts are whole cents (decision
 * 022). An order keeps its priced lines and totals as the guest was charged for them (jsonb): later catalogue
 * changes never rewrite an order. No row holds card data: the payment is a payment_transactions row.
 */

export const ORDER_CHANNELS = ['online', 'pos', 'kiosk'] as const;

/** Whole cents; a moment with its time zone; a row's restaurant (deleted with it). Also the register's tables. */
export const money = (name: string) => bigint(name, { mode: 'number' });
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const restaurantFk = (name: string, t: { tenantId: never; restaurantId: never }) =>
  foreignKey({
    name,
    columns: [t.tenantId, t.restaurantId],
    foreignColumns: [restaurants.tenantId, restaurants.restaurantId],
  }).onDelete('cascade');

/** A restaurant's online-ordering settings: one row, created with the defaults on first change. */
export const orderingSettings = pgTable(
  'ordering_settings',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    leadTimeMinutes: integer('lead_time_minutes').notNull().default(20),
    schedulingDays: integer('scheduling_days').notNull().default(2),
    slotCapacity: integer('slot_capacity'),
    tipPresets: jsonb('tip_presets').$type<number[]>().notNull().default([15, 18, 20]),
    captureOn: text('capture_on', { enum: CAPTURE_MOMENTS }).notNull().default('accept'),
    /** An order still `new` this long after it was placed: the restaurant is mailed (0: never). */
    alertAfterMinutes: integer('alert_after_minutes').notNull().default(5),
    /** An order still `new` this long after it was placed is cancelled and its hold voided (0: never). */
    cancelAfterMinutes: integer('cancel_after_minutes').notNull().default(20),
    /** Texted (as well as mailed) about an order nobody accepted; null: mail only. */
    alertPhone: text('alert_phone'),
    pausedUntil: at('paused_until'),
    soldOutItemIds: jsonb('sold_out_item_ids').$type<number[]>().notNull().default([]),
    updatedBy: text('updated_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'ordering_settings_pkey', columns: [t.tenantId, t.restaurantId] }),
    restaurantFk('ordering_settings_restaurant_fk', t as never),
  ],
);

/** Order numbers restart at 1 every business day of the restaurant (its own clock). */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_number_counters_pkey', columns: [t.tenantId, t.restaurantId, t.businessDate] }),
    restaurantFk('order_number_counters_restaurant_fk', t as never),
  ],
);

export const orders = pgTable(
  'orders',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    /** The guest's handle on the order (the confirmation page): 128 random bits, unguessable. */
    token: text('token').notNull(),
    /**
     * The number the restaurant and the guest call the order by, counted per business day. An online order
     * gets it when it goes live (its card authorised): while `placing`, and when its payment fails, it has
     * none, so a declined card leaves no gap in the day's numbers (issue 45).
     */
    number: integer('number'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Where the order was taken: the public site (`online`) or a register (`pos`, docs/behaviour/pos.md). */
    channel: text('channel', { enum: ORDER_CHANNELS }).notNull().default('online'),
    /** `pickup` (online); a register sale is `dine_in` or `takeout`. */
    fulfilment: text('fulfilment').notNull().default('pickup'),
    /** The register that took it (pos_devices), for a register sale. */
    deviceId: bigint('device_id', { mode: 'number' }),
    pickupAt: at('pickup_at').notNull(),
    asap: boolean('asap').notNull(),
    readyAt: at('ready_at'),
    customer: jsonb('customer').$type<{ name: string; email: string; phone: string }>().notNull(),
    notes: text('notes'),
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    totals: jsonb('totals').$type<Record<string, unknown>>().notNull(),
    total: money('total').notNull(),
    currency: text('currency').notNull().default('USD'),
    transactionId: uuid('transaction_id'),
    paymentMessage: text('payment_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    receiptSentAt: at('receipt_sent_at'),
    /**
     * A register's open check (decision 055): raised by every change, so two registers editing one check
     * never lose a line (the change names the version it saw). The table it is seated at, and the sent
     * lines taken off it by a manager's void (with the reason).
     */
    version: integer('version').notNull().default(0),
    tableId: bigint('table_id', { mode: 'number' }),
    voidedLines: jsonb('voided_lines').$type<unknown[]>().notNull().default([]),
    /**
     * Checks that split, merge and move lines (decision 056): the highest round the check ever sent (a round
     * number is never given twice, even when that round's lines moved to another check) and a manager's
     * discount on the whole check.
     */
    lastRound: integer('last_round').notNull().default(0),
    checkDiscount: jsonb('check_discount').$type<Record<string, unknown>>(),
    /**
     * The employee a register sale or check is rung up under and who serves it (employees.guid, decisions 056
     * and 057): who unlocked the register, else the signed-in user's employee record; another by a transfer;
     * null online. A value, not a foreign key: sales and tips outlive a deleted employee record, as shifts do.
     */
    serverEmployeeId: uuid('server_employee_id'),
    /**
     * A register sale made while the register could not reach the server and sent when it could (decision
     * 063): when it was sold, when it arrived, and what a manager should look at — an item 86'd or repriced
     * meanwhile (the sale is kept as sold, at the price charged). Null for every other order.
     */
    offline: jsonb('offline').$type<{ soldAt: string; syncedAt: string; conflicts: string[] }>(),
    /**
     * The number on the stand a kiosk guest takes to the table (1–999), so the food finds them (decision 062):
     * its own field, shown on the kitchen ticket, the kitchen display and the register; null otherwise.
     */
    tableTent: integer('table_tent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('orders_restaurant_fk', t as never),
    foreignKey({
      name: 'orders_transaction_fk',
      columns: [t.transactionId],
      foreignColumns: [paymentTransactions.transactionId],
    }),
    uniqueIndex('orders_token_key').on(t.token),
    uniqueIndex('orders_idempotency_key').on(t.tenantId, t.restaurantId, t.idempotencyKey),
    uniqueIndex('orders_number_key').on(t.tenantId, t.restaurantId, t.businessDate, t.number),
    index('orders_list_idx').on(t.tenantId, t.restaurantId, t.businessDate, t.orderId),
    index('orders_pickup_idx').on(t.tenantId, t.restaurantId, t.pickupAt),
    // the sales ledger finds the order of a payment (core/ledger)
    index('orders_transaction_idx').on(t.transactionId),
    // the kitchen display reads the orders on the line, not the restaurant's whole history
    index('orders_kitchen_idx')
      .on(t.tenantId, t.restaurantId, t.orderId)
      .where(sql`${t.status} in ('accepted', 'in_preparation', 'open')`),
    // the checkout sweep (every minute, every instance) claims the orders left `placing`, of any tenant:
    // without this it read the whole table (issue 48's scale bench: 223 ms at 200,000 orders)
    index('orders_placing_idx').on(t.updatedAt).where(sql`${t.status} = 'placing'`),
    // the registers' open checks and the floor plan's tables read these (core/pos/check-repository.ts)
    index('orders_open_checks_idx')
      .on(t.tenantId, t.restaurantId, t.tableId)
      .where(sql`${t.status} = 'open'`),
    check('orders_total_check', sql`${t.total} >= 0`),
    check(
      'orders_number_check',
      sql`${t.number} is not null or ${t.status} in ('placing', 'payment_failed')`,
    ),
    check('orders_channel_check', sql`${t.channel} in ('online', 'pos', 'kiosk')`),
    check('orders_table_tent_check', sql`${t.tableTent} between 1 and 999`),
  ],
);

export const SCHEDULED_REFUND_STATUSES = ['scheduled', 'refunded', 'declined', 'cancelled'] as const;

/**
 * A refund of part of an order asked for before its payment settled (docs/behaviour/ordering.md#refunds-from-the-order):
 * the gateway refunds only a settled payment and voids only the whole of a captured one, so the refund waits
 * here, holding its amount from what is left to refund, and the `refund.scheduled` job sends it through the
 * payments' own refund once the payment has settled (issue 44). `refunded` names the refund's transaction;
 * `declined` keeps the card's words; `cancelled` when the payment was voided or refunded in full meanwhile.
 */
export const scheduledRefunds = pgTable(
  'scheduled_refunds',
  {
    scheduledRefundId: bigint('scheduled_refund_id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    /** The order's payment, which the refund is of. */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => paymentTransactions.transactionId),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    /** A refund of chosen lines: what it gives back (domain/ordering/refund-lines.ts); null for an amount. */
    allocation: jsonb('allocation').$type<RefundAllocation>(),
    requestedBy: text('requested_by').notNull(),
    /** The caller's Idempotency-Key: the same request again answers the same scheduled refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: SCHEDULED_REFUND_STATUSES }).notNull().default('scheduled'),
    refundTransactionId: uuid('refund_transaction_id'),
    /** The card's words on a decline, or why the refund was cancelled. */
    outcome: text('outcome'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('scheduled_refunds_restaurant_fk', t as never),
    uniqueIndex('scheduled_refunds_key').on(t.orderId, t.idempotencyKey),
    // the job reads only what still waits
    index('scheduled_refunds_waiting_idx').on(t.scheduledRefundId).where(sql`${t.status} = 'scheduled'`),
    check('scheduled_refunds_amount_check', sql`${t.amount} > 0`),
    check(
      'scheduled_refunds_status_check',
      sql`${t.status} in ('scheduled', 'refunded', 'declined', 'cancelled')`,
    ),
  ],
);

/** Every status an order went through, who moved it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    actor: text('actor').notNull(),
    occurredAt: at('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.eventId)],
);

/**
 * The kitchen display (docs/behaviour/ordering.md#kitchen-display): a prep station is done with an order's
 * ticket once it bumped it. One row per order and station, so every screen of a station agrees; recalling
 * the station's last bump deletes its row.
 */
export const kitchenBumps = pgTable(
  'kitchen_bumps',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    prepStationId: integer('prep_station_id').notNull(),
    bumpedBy: text('bumped_by').notNull(),
    bumpedAt: at('bumped_at').notNull().defaultNow(),
    /** An open check's last round sent when the station bumped it: a later round brings the ticket back. */
    round: integer('round').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'kitchen_bumps_pkey',
      columns: [t.tenantId, t.restaurantId, t.orderId, t.prepStationId],
    }),
    restaurantFk('kitchen_bumps_restaurant_fk', t as never),
    index('kitchen_bumps_station_idx').on(t.tenantId, t.restaurantId, t.prepStationId, t.bumpedAt),
  ],
);

/**
 * Alerts to a restaurant about its online checkout (docs/behaviour/ordering.md#checkout-limits): a burst of
 * declined cards (card testing), recorded once per window when the restaurant's declines reach the alert
 * count, and shown on the management app's orders screen. Never a card number: counts and times only.
 */
export const orderingAlerts = pgTable(
  'ordering_alerts',
  {
    alertId: bigint('alert_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    kind: text('kind', { enum: ['decline_burst'] }).notNull(),
    /** Declines counted in the window when the alert was raised. */
    declines: integer('declines').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    restaurantFk('ordering_alerts_restaurant_fk', t as never),
    index('ordering_alerts_restaurant_idx').on(t.tenantId, t.restaurantId, t.createdAt),
    check('ordering_alerts_kind', sql`${t.kind} in ('decline_burst')`),
  ],
);

export const KITCHEN_TICKET_STATUSES = ['queued', 'printed', 'failed'] as const;

/**
 * Each kitchen ticket of an order (docs/behaviour/ordering.md#kitchen-tickets-on-printers, docs/jobs.md): one
 * per prep station that prints, written with the move that sends the order to the kitchen, together with the
 * `kitchen.ticket` job that prints it. `failed` (its printer and the station's backup did not take it) stays
 * on the orders screen and the kitchen display until it prints (Retry, or Print elsewhere). Never a card
 * number: the ticket's bytes are made from the order when it prints.
 */
export const kitchenTickets = pgTable(
  'kitchen_tickets',
  {
    ticketId: bigint('ticket_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    prepStationId: integer('prep_station_id').notNull(),
    /** The printer asked for (Print elsewhere) instead of the station's; null: the station's printer. */
    printerId: integer('printer_id'),
    /** The printer that took it. */
    printedOn: integer('printed_on'),
    status: text('status', { enum: KITCHEN_TICKET_STATUSES }).notNull().default('queued'),
    /** Sends tried so far, over every printer. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    printedAt: at('printed_at'),
    /** An open check's round (its lines sent together); null: the whole order. */
    round: integer('round'),
    /**
     * A void ticket (decision 056): the sent line a manager voided and why, which the station prints as
     * VOID; null for a ticket of the order's lines.
     */
    voidedLine: jsonb('voided_line').$type<{ line: Record<string, unknown>; reason: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('kitchen_tickets_restaurant_fk', t as never),
    index('kitchen_tickets_order_idx').on(t.orderId),
    index('kitchen_tickets_status_idx').on(t.tenantId, t.restaurantId, t.status),
    check('kitchen_tickets_status', sql`${t.status} in ('queued', 'printed', 'failed')`),
  ],
);

/**
 * The online-ordering funnel (docs/behaviour/reports.md#online-ordering-funnel): per restaurant and business
 * day, how many times guests opened the order menu and asked for a quote. Counted in each process's memory and
 * added here every half minute (core/ordering/funnel.ts), so a busy order page costs no write per view; orders
 * placed and accepted are read from the orders and the ledger.
 */
export const orderingFunnelDays = pgTable(
  'ordering_funnel_days',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    menuViews: integer('menu_views').notNull().default(0),
    quotes: integer('quotes').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'ordering_funnel_days_pkey', columns: [t.tenantId, t.restaurantId, t.businessDate] }),
    restaurantFk('ordering_funnel_days_restaurant_fk', t as never),
  ],
);
