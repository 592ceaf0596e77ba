import { LEDGER_CHANNELS, LEDGER_EVENTS, LEDGER_KINDS } from '@brigade/domain/ledger/projection';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { restaurants } from './tenancy';

const money = (name: string) => bigint(name, { mode: 'number' });
const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The sales ledger (docs/behaviour/reports.md#the-sales-ledger, decision 050): every money event of every sale
 * as immutable lines, written in the transaction that records the event and read by every report. Lines are
 * only ever added (a trigger refuses updates); `brigade ledger rebuild` deletes a restaurant's lines and
 * derives them again from the orders and payments, line for line the same.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    lineId: bigint('line_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    /** The sale's own key and the line's within it (packages/domain/src/ledger/projection.ts). */
    lineKey: text('line_key').notNull(),
    saleKey: text('sale_key').notNull(),
    event: text('event', { enum: LEDGER_EVENTS }).notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    channel: text('channel', { enum: LEDGER_CHANNELS }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    localHour: smallint('local_hour').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    transactionId: uuid('transaction_id'),
    itemId: integer('item_id'),
    itemName: text('item_name'),
    quantity: integer('quantity').notNull().default(0),
    menuGroupId: integer('menu_group_id'),
    salesCategoryId: integer('sales_category_id'),
    taxRateId: integer('tax_rate_id'),
    taxName: text('tax_name'),
    includedTax: money('included_tax').notNull().default(0),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method'),
    cardBrand: text('card_brand'),
    employee: text('employee'),
    /** The server of the sale's order (orders.server_employee_id, decision 057): tips and sales by employee. */
    serverEmployeeId: uuid('server_employee_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_lines_restaurant_fk',
      columns: [t.tenantId, t.restaurantId],
      foreignColumns: [restaurants.tenantId, restaurants.restaurantId],
    }).onDelete('cascade'),
    uniqueIndex('ledger_lines_key').on(t.tenantId, t.restaurantId, t.lineKey),
    index('ledger_lines_day_idx').on(t.tenantId, t.restaurantId, t.businessDate),
    index('ledger_lines_sale_idx').on(t.tenantId, t.restaurantId, t.saleKey),
    check('ledger_lines_event_check', sql`${t.event} in (${listed(LEDGER_EVENTS)})`),
    check('ledger_lines_kind_check', sql`${t.kind} in (${listed(LEDGER_KINDS)})`),
    check('ledger_lines_channel_check', sql`${t.channel} in (${listed(LEDGER_CHANNELS)})`),
    check('ledger_lines_hour_check', sql`${t.localHour} between 0 and 23`),
  ],
);
