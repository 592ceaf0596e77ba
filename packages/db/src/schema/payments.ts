import type { RefundAllocation } from '@brigade/domain/ordering/refund-lines';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '@brigade/domain/payments/api';
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
import { restaurants } from './tenancy';

/**
 * Card payments through the restaurant's card processor (docs/behaviour/payments.md, decisions 023 and 061).
 * The columns speak the provider port's neutral words (processor reference, approval, processor code and
 * text); each processor's wire words stay in its adapter (packages/integrations/*). Amounts are whole
 * minor units in `bigint` columns (decision 022). No row ever holds a card number, a CVV or track data: the
 * card is a token from the hosted card-entry frame, and only its last four digits and brand are kept for
 * people to recognise it.
 */

const money = (name: string) => bigint(name, { mode: 'number' });

const restaurantFk = (name: string, t: { tenantId: never; restaurantId: never }) =>
  foreignKey({
    name,
    columns: [t.tenantId, t.restaurantId],
    foreignColumns: [restaurants.tenantId, restaurants.restaurantId],
  }).onDelete('cascade');

export const MERCHANT_ENVIRONMENTS = ['uat', 'production'] as const;
export const GATEWAY_WRITE_METHODS = ['PUT', 'POST'] as const;

/** A restaurant's merchant account at the gateway: one per restaurant. */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    /** The merchant's id at the processor (CardPointe's `merchid`). */
    merchantId: text('merchant_id').notNull(),
    /** The gateway's site name: `https://<site>[-uat].cardconnect.com`. */
    site: text('site').notNull(),
    environment: text('environment', { enum: MERCHANT_ENVIRONMENTS }).notNull(),
    writeMethod: text('write_method', { enum: GATEWAY_WRITE_METHODS }).notNull().default('PUT'),
    /** The API username and password, sealed with AES-256-GCM (packages/core/src/secrets/sealed-box.ts). */
    credentials: text('credentials').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The largest total (amount plus tip, cents) one payment may have (docs/behaviour/payments.md#limits-on-amounts). */
    maxTransactionAmount: integer('max_transaction_amount').notNull().default(1_000_000),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true, mode: 'date' }),
    lastTestOk: boolean('last_test_ok'),
    lastTestMessage: text('last_test_message'),
    updatedBy: text('updated_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'merchant_accounts_pkey', columns: [t.tenantId, t.restaurantId] }),
    restaurantFk('merchant_accounts_restaurant_fk', t as never),
    check('merchant_accounts_environment_check', sql`${t.environment} in ('uat', 'production')`),
    check('merchant_accounts_write_method_check', sql`${t.writeMethod} in ('PUT', 'POST')`),
    check('merchant_accounts_max_transaction_amount_check', sql`${t.maxTransactionAmount} > 0`),
  ],
);

// The lists are the domain's (packages/domain/src/payments/api.ts): one truth for the API and the table.
export const TRANSACTION_KINDS = PAYMENT_KINDS;
export const TRANSACTION_STATUSES = PAYMENT_STATUSES;

/** One money movement asked of the gateway: an authorisation (or sale) or a refund of one. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    transactionId: uuid('transaction_id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    parentTransactionId: uuid('parent_transaction_id'),
    /**
     * A refund of chosen lines of an order: the lines, quantities and tax it gives back, as ordering priced
     * them (domain/ordering/refund-lines.ts); the sales ledger gives back exactly those. Null otherwise.
     */
    refundAllocation: jsonb('refund_allocation').$type<RefundAllocation>(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    merchantId: text('merchant_id').notNull(),
    /**
     * Ours, unique, never Luhn-valid (decision 022): the payment's id at the processor, what finds the
     * transaction when no answer came.
     */
    paymentOrderId: text('payment_order_id').notNull(),
    /** The processor's reference of the transaction (CardPointe's `retref`). */
    processorReference: text('processor_reference'),
    /** The restaurant's own reference (a check or order number), free text. */
    orderReference: text('order_reference'),
    amount: money('amount').notNull(),
    authorisedAmount: money('authorised_amount'),
    capturedAmount: money('captured_amount').notNull().default(0),
    refundedAmount: money('refunded_amount').notNull().default(0),
    tipAmount: money('tip_amount').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** The CardSecure token (not card data: it is useless outside this merchant's gateway account). */
    token: text('token'),
    lastFour: text('last_four'),
    cardBrand: text('card_brand'),
    /** approved, retry or declined (the provider port's Approval). */
    approval: text('approval', { enum: ['approved', 'retry', 'declined'] }),
    /** The processor's answer code and text, and the platform that gave them: data, shown to staff. */
    processorCode: text('processor_code'),
    processorText: text('processor_text'),
    processorPlatform: text('processor_platform'),
    authorisationCode: text('authorisation_code'),
    avsResult: text('avs_result'),
    cvvResult: text('cvv_result'),
    /** CardPointe's settlement states: Authorized, Queued for Capture, Voided, … */
    settlementStatus: text('settlement_status'),
    settlementBatch: text('settlement_batch'),
    declineCategory: text('decline_category'),
    voidable: boolean('voidable'),
    refundable: boolean('refundable'),
    /** What reconciliation found when no answer came (null when the gateway answered). */
    reconciliation: text('reconciliation'),
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
    /**
     * A void that gave back a captured amount (before settlement): when, and how much it gave back (the
     * void sets `capturedAmount` to 0). The sales ledger reads both (decision 050).
     */
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidedAmount: money('voided_amount').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('payment_transactions_restaurant_fk', t as never),
    uniqueIndex('payment_transactions_payment_order_id_key').on(t.paymentOrderId),
    uniqueIndex('payment_transactions_processor_reference_key')
      .on(t.merchantId, t.processorReference)
      .where(sql`${t.processorReference} is not null`),
    index('payment_transactions_list_idx').on(t.tenantId, t.restaurantId, t.createdAt),
    index('payment_transactions_parent_idx').on(t.parentTransactionId),
    index('payment_transactions_unknown_idx').on(t.status).where(sql`${t.status} in ('pending', 'unknown')`),
    check(
      'payment_transactions_amounts_check',
      sql`${t.capturedAmount} >= 0 and ${t.refundedAmount} >= 0 and ${t.tipAmount} >= 0`,
    ),
  ],
);

/** What happened to a transaction, step by step: each gateway call and its outcome, and who asked. */
export const paymentTransactionEvents = pgTable(
  'payment_transaction_events',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => paymentTransactions.transactionId, { onDelete: 'cascade' }),
    /** What was done: authorise, capture, void, refund, inquire, inquire_by_order, void_by_order, … */
    step: text('step').notNull(),
    /** How it went: approved, declined, retry, no_answer, found, not_found, failed, … */
    outcome: text('outcome').notNull(),
    amount: money('amount'),
    /** The gateway's answer codes and texts (never card data). */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull(),
    actor: text('actor').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_transaction_events_txn_idx').on(t.transactionId, t.eventId),
    // The checkout sweep's look for steps whose process died before the answer (core/payments/interrupted-steps.ts).
    index('payment_transaction_events_requested_idx').on(t.occurredAt).where(sql`${t.outcome} = 'requested'`),
  ],
);

/**
 * Idempotency keys of payment writes (Stripe's semantics): the first request with a key runs, a repeat with
 * the same body gets the stored answer, another body 422, a concurrent repeat 409. Kept 24 hours.
 */
export const paymentIdempotencyKeys = pgTable(
  'payment_idempotency_keys',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    actor: text('actor').notNull(),
    state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'payment_idempotency_keys_pkey', columns: [t.tenantId, t.restaurantId, t.key] }),
    index('payment_idempotency_keys_expiry_idx').on(t.expiresAt),
    check('payment_idempotency_keys_state_check', sql`${t.state} in ('in_progress', 'done')`),
  ],
);

/**
 * A customer's card stored at the gateway as a profile account (`profileid/acctid`), as Brigade lists it:
 * who the card belongs to, its last four digits, brand and expiry. Never the card number: the gateway keeps
 * the card, created from a CardSecure token of the hosted card-entry frame.
 */
export const paymentProfiles = pgTable(
  'payment_profiles',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    /** The gateway's profile id (20 digits). */
    profileid: text('profileid').notNull(),
    /** The account within the profile (1, 2, …). */
    acctid: text('acctid').notNull(),
    /**
     * The merchant id the gateway stored the card under: only that merchant can charge or change it. Null only
     * for a row stored before it was recorded whose restaurant then had no merchant account (treated as another
     * merchant's).
     */
    merchantId: text('merchant_id'),
    name: text('name'),
    lastFour: text('last_four'),
    cardBrand: text('card_brand'),
    /** MMYY. */
    expiry: text('expiry'),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({
      name: 'payment_profiles_pkey',
      columns: [t.tenantId, t.restaurantId, t.profileid, t.acctid],
    }),
    restaurantFk('payment_profiles_restaurant_fk', t as never),
  ],
);

/**
 * The gateway's funding (deposit) of one date, as last imported (core/payments/funding-import.ts): one row per
 * restaurant and funding date, so a range of days is read here instead of one gateway call a day. Amounts
 * are whole cents signed as the gateway signs them (a fee kept is negative; a debit deposit negative);
 * chargebacks are a detail of the adjustments, which already hold them. The counts say how many records
 * the answer listed. A later import of the same date replaces the row.
 */
export const paymentFundings = pgTable(
  'payment_fundings',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    fundingDate: date('funding_date', { mode: 'string' }).notNull(),
    /** The merchant account the funding was read from (a restaurant may change accounts). */
    merchantId: text('merchant_id').notNull(),
    fundingMasterId: text('funding_master_id'),
    netSales: money('net_sales').notNull(),
    fees: money('fees').notNull(),
    adjustments: money('adjustments').notNull(),
    reversals: money('reversals').notNull(),
    chargebacks: money('chargebacks').notNull(),
    /** The net deposit: what reached (or, negative, left) the bank account. */
    totalFunding: money('total_funding').notNull(),
    currency: text('currency').notNull().default('USD'),
    depositCount: integer('deposit_count').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    adjustmentCount: integer('adjustment_count').notNull(),
    chargebackCount: integer('chargeback_count').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'payment_fundings_pkey', columns: [t.tenantId, t.restaurantId, t.fundingDate] }),
    restaurantFk('payment_fundings_restaurant_fk', t as never),
    check(
      'payment_fundings_counts_check',
      sql`${t.depositCount} >= 0 and ${t.transactionCount} >= 0 and ${t.adjustmentCount} >= 0 and ${t.chargebackCount} >= 0`,
    ),
  ],
);

export const GATEWAY_REPORTS = ['settlement', 'funding'] as const;

/**
 * Which of the gateway's daily reports were imported for a date (core/payments/funding-import.ts): a date
 * imported with nothing in it (no batch, no deposit) is told apart from one not imported yet, which a
 * reconciliation from stored data treats as still to come.
 */
export const paymentReportDays = pgTable(
  'payment_report_days',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    report: text('report', { enum: GATEWAY_REPORTS }).notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'payment_report_days_pkey',
      columns: [t.tenantId, t.restaurantId, t.report, t.reportDate],
    }),
    restaurantFk('payment_report_days_restaurant_fk', t as never),
    check('payment_report_days_report_check', sql`${t.report} in ('settlement', 'funding')`),
  ],
);

export const GATEWAY_ENTRY_KINDS = ['settled', 'funded', 'chargeback'] as const;

/**
 * The transactions the gateway's reports of a date list, by retrieval reference: settled in a batch, funded
 * in a deposit, or charged back. What a reconciliation of a range of days reads instead of the gateway. A
 * date's entries of a report are replaced together with its day row.
 */
export const paymentReportEntries = pgTable(
  'payment_report_entries',
  {
    entryId: bigint('entry_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    kind: text('kind', { enum: GATEWAY_ENTRY_KINDS }).notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    retref: text('retref').notNull(),
    /** Signed as the gateway's report gives it; null when the report gave no amount that is money. */
    amount: money('amount'),
    batchId: text('batch_id'),
    settlementStatus: text('settlement_status'),
    /** A settled entry's outcome: accepted, rejected, pending or unknown (the provider port's words). */
    outcome: text('outcome'),
  },
  (t) => [
    restaurantFk('payment_report_entries_restaurant_fk', t as never),
    index('payment_report_entries_date_idx').on(t.tenantId, t.restaurantId, t.reportDate),
    check('payment_report_entries_kind_check', sql`${t.kind} in ('settled', 'funded', 'chargeback')`),
  ],
);
