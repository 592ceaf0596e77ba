ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_event_check";--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_event_check" CHECK ("ledger_lines"."event" in ('sale', 'return', 'capture', 'void', 'refund', 'credit', 'cash_taken', 'cash_returned'));--> statement-breakpoint
ALTER TABLE "order_tenders" ADD CONSTRAINT "order_tenders_kind_check" CHECK ("order_tenders"."kind" in ('payment', 'refund'));