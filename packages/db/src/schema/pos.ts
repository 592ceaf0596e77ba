import { DEVICE_MODES, TENDER_METHODS } from '@brigade/domain/pos/api';
import { TABLE_SHAPES } from '@brigade/domain/pos/floor';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { at, money, orders, restaurantFk } from './ordering';

/**
 * The register (docs/behaviour/pos.md). Amounts are whole cents (decision 022); sales themselves are orders
 * (channel `pos`), so the kitchen, the tickets and the sales ledger read them as they read online orders.
 */

/**
 * A device a manager paired as a register of one restaurant. The device keeps a random token; only its
 * SHA-256 is stored. Unpairing sets `revoked_at`: the token stops working at once, the row stays for the
 * sales it took.
 */
export const posDevices = pgTable(
  'pos_devices',
  {
    deviceId: bigint('device_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The printer its receipts print on and its cash drawer hangs on. */
    receiptPrinterId: integer('receipt_printer_id'),
    pairedBy: text('paired_by').notNull(),
    pairedAt: at('paired_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at'),
    revokedAt: at('revoked_at'),
    revokedBy: text('revoked_by'),
    /** The card terminal paired to it (CardPointe HSN) and the terminal API key, sealed (core/secrets). */
    terminalHsn: text('terminal_hsn'),
    terminalKey: text('terminal_key'),
    terminalPairedAt: at('terminal_paired_at'),
    /**
     * Who unlocked the register with their passcode (employees.employee_id) and when; null while it is
     * locked. Manager-only register actions follow this employee's derived access (decision 054).
     */
    staffEmployeeId: integer('staff_employee_id'),
    staffUnlockedAt: at('staff_unlocked_at'),
    /** When the register last refused passcodes after too many wrong ones: Registers shows it to managers. */
    passcodeLockedAt: at('passcode_locked_at'),
    /**
     * `register` (staff sell on it under their own session), `kiosk` (guests order on it; the token alone
     * is its identity and it may only place kiosk orders: decision 059) or `kitchen` (a kitchen display; the
     * token alone, and it may only show, bump and recall the kitchen's tickets: decision 069).
     */
    mode: text('mode', { enum: DEVICE_MODES }).notNull().default('register'),
  },
  (t) => [
    restaurantFk('pos_devices_restaurant_fk', t as never),
    check('pos_devices_mode_check', sql`${t.mode} in ('register', 'kiosk', 'kitchen')`),
    uniqueIndex('pos_devices_token_key').on(t.tokenHash),
    index('pos_devices_restaurant_idx').on(t.tenantId, t.restaurantId),
  ],
);

/**
 * Money a register took for an order (cash so far): what of it paid the order (`amount`), what the guest
 * handed over and the change given. Written with the order, in one transaction; the sales ledger reads it.
 */
export const orderTenders = pgTable(
  'order_tenders',
  {
    tenderId: bigint('tender_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    method: text('method', { enum: TENDER_METHODS }).notNull(),
    /** `payment`: money taken for the order; `refund`: money handed back (a voided sale), `amount` out. */
    kind: text('kind', { enum: ['payment', 'refund'] })
      .notNull()
      .default('payment'),
    amount: money('amount').notNull(),
    tendered: money('tendered').notNull(),
    change: money('change').notNull(),
    takenBy: text('taken_by').notNull(),
    deviceId: bigint('device_id', { mode: 'number' }),
    /** The register's drawer session the cash went into (cash_drawer_sessions), when one was open. */
    sessionId: bigint('session_id', { mode: 'number' }),
    takenAt: at('taken_at').notNull().defaultNow(),
    createdAt: createdAt(),
    /** A card tender's payment (payment_transactions): the card side of the ledger comes from it. */
    transactionId: text('transaction_id'),
    cardBrand: text('card_brand'),
    lastFour: text('last_four'),
    authorisationCode: text('authorisation_code'),
    /** The tip chosen on the terminal (part of `amount`). */
    tip: money('tip').notNull().default(0),
    /**
     * A tip written on the signed receipt and added after the sale (decision 068): when it was added. The
     * card was authorised only, waiting for it; the tip's ledger line is then of this moment.
     */
    tipAddedAt: at('tip_added_at'),
    /** A card authorised only, whose tip is still to be added from its receipt (decision 068). */
    tipPending: boolean('tip_pending').notNull().default(false),
  },
  (t) => [
    restaurantFk('order_tenders_restaurant_fk', t as never),
    index('order_tenders_order_idx').on(t.orderId),
    // a drawer's cash, summed when it closes (core/pos/drawer-repository.ts)
    index('order_tenders_session_idx').on(t.tenantId, t.restaurantId, t.sessionId),
    // a card's payment back to the check it paid part of (split tender: core/ledger), on every payment's write
    index('order_tenders_transaction_idx').on(t.tenantId, t.transactionId),
    check('order_tenders_method_check', sql`${t.method} in ('cash', 'card')`),
    check(
      'order_tenders_card_check',
      sql`${t.method} = 'cash' or (${t.transactionId} is not null and ${t.change} = 0)`,
    ),
    check('order_tenders_kind_check', sql`${t.kind} in ('payment', 'refund')`),
    check(
      'order_tenders_amounts_check',
      sql`${t.amount} >= 0 and ${t.change} >= 0 and ${t.tendered} = ${t.amount} + ${t.change}`,
    ),
  ],
);

export const CASH_MOVEMENT_KINDS = ['pay_in', 'pay_out'] as const;

/**
 * A register's cash drawer from opening to close (docs/behaviour/pos.md#cash-drawer-sessions): opened with a
 * float, closed with a blind count; what it should hold (`expected`: float + cash sales + pay-ins − pay-outs)
 * and the difference (`over_short`) are fixed when it closes. One open session per register at a time.
 */
export const cashDrawerSessions = pgTable(
  'cash_drawer_sessions',
  {
    sessionId: bigint('session_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    openedBy: text('opened_by').notNull(),
    openedAt: at('opened_at').notNull().defaultNow(),
    openingFloat: money('opening_float').notNull(),
    closedBy: text('closed_by'),
    closedAt: at('closed_at'),
    counted: money('counted'),
    expected: money('expected'),
    overShort: money('over_short'),
    note: text('note'),
  },
  (t) => [
    restaurantFk('cash_drawer_sessions_restaurant_fk', t as never),
    uniqueIndex('cash_drawer_sessions_open_key')
      .on(t.tenantId, t.restaurantId, t.deviceId)
      .where(sql`${t.closedAt} is null`),
    index('cash_drawer_sessions_day_idx').on(t.tenantId, t.restaurantId, t.openedAt),
    check(
      'cash_drawer_sessions_amounts_check',
      sql`${t.openingFloat} >= 0 and (${t.counted} is null or ${t.counted} >= 0)`,
    ),
  ],
);

/** Cash put into or taken out of an open drawer other than for a sale, with the reason. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    movementId: bigint('movement_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => cashDrawerSessions.sessionId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CASH_MOVEMENT_KINDS }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    by: text('by').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    restaurantFk('cash_movements_restaurant_fk', t as never),
    index('cash_movements_session_idx').on(t.sessionId),
    check('cash_movements_kind_check', sql`${t.kind} in ('pay_in', 'pay_out')`),
    check('cash_movements_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A dining room of the floor plan (docs/behaviour/pos.md#the-floor-plan): its tables are placed on it. */
export const diningRooms = pgTable(
  'dining_rooms',
  {
    roomId: bigint('room_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('dining_rooms_restaurant_fk', t as never),
    index('dining_rooms_restaurant_idx').on(t.tenantId, t.restaurantId),
  ],
);

/** A table in a dining room: its name, seats, shape and place on the plan (a grid of 0–100 by 0–100). */
export const diningTables = pgTable(
  'dining_tables',
  {
    tableId: bigint('table_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => diningRooms.roomId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    seats: integer('seats').notNull(),
    shape: text('shape', { enum: TABLE_SHAPES }).notNull().default('square'),
    x: integer('x').notNull().default(0),
    y: integer('y').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('dining_tables_restaurant_fk', t as never),
    index('dining_tables_restaurant_idx').on(t.tenantId, t.restaurantId, t.roomId),
    check('dining_tables_shape_check', sql`${t.shape} in ('square', 'round', 'rectangle')`),
    check('dining_tables_seats_check', sql`${t.seats} between 1 and 99`),
  ],
);
