-- Payments behind a provider port (decision 061): the payment tables name what the columns hold in the
-- port's neutral words, not CardPointe's wire fields. Renamed in place, so every row is kept; the approval
-- letters become words (A approved, B retry, C declined).
ALTER TABLE "merchant_accounts" RENAME COLUMN "merchid" TO "merchant_id";--> statement-breakpoint
ALTER TABLE "payment_profiles" RENAME COLUMN "merchid" TO "merchant_id";--> statement-breakpoint
ALTER TABLE "order_tenders" RENAME COLUMN "authcode" TO "authorisation_code";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "merchid" TO "merchant_id";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "orderid" TO "payment_order_id";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "retref" TO "processor_reference";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "respstat" TO "approval";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "respcode" TO "processor_code";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "resptext" TO "processor_text";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "respproc" TO "processor_platform";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "authcode" TO "authorisation_code";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "avsresp" TO "avs_result";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "cvvresp" TO "cvv_result";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "setlstat" TO "settlement_status";--> statement-breakpoint
ALTER TABLE "payment_transactions" RENAME COLUMN "batchid" TO "settlement_batch";--> statement-breakpoint
ALTER INDEX "payment_transactions_orderid_key" RENAME TO "payment_transactions_payment_order_id_key";--> statement-breakpoint
ALTER INDEX "payment_transactions_retref_key" RENAME TO "payment_transactions_processor_reference_key";--> statement-breakpoint
UPDATE "payment_transactions" SET "approval" = CASE "approval" WHEN 'A' THEN 'approved' WHEN 'B' THEN 'retry' WHEN 'C' THEN 'declined' ELSE NULL END WHERE "approval" IS NOT NULL;
