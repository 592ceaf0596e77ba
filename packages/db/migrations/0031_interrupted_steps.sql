-- Steps asked of the gateway and never answered (a process killed between the two) are found by their
-- `requested` events of the last day; the checkout sweep settles them (core/payments/interrupted-steps.ts).
CREATE INDEX "payment_transaction_events_requested_idx" ON "payment_transaction_events" USING btree ("occurred_at") WHERE "payment_transaction_events"."outcome" = 'requested';