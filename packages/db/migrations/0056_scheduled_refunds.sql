CREATE TABLE "scheduled_refunds" (
	"scheduled_refund_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_refunds_scheduled_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"transaction_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"allocation" jsonb,
	"requested_by" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"refund_transaction_id" uuid,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_refunds_amount_check" CHECK ("scheduled_refunds"."amount" > 0),
	CONSTRAINT "scheduled_refunds_status_check" CHECK ("scheduled_refunds"."status" in ('scheduled', 'refunded', 'declined', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refund_allocation" jsonb;--> statement-breakpoint
ALTER TABLE "scheduled_refunds" ADD CONSTRAINT "scheduled_refunds_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_refunds" ADD CONSTRAINT "scheduled_refunds_transaction_id_payment_transactions_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_refunds" ADD CONSTRAINT "scheduled_refunds_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_refunds_key" ON "scheduled_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "scheduled_refunds_waiting_idx" ON "scheduled_refunds" USING btree ("scheduled_refund_id") WHERE "scheduled_refunds"."status" = 'scheduled';--> statement-breakpoint
-- Walled like every tenant table (decision 018), and audited: it moves money.
SELECT "brigade_protect_tenant_table"('scheduled_refunds', true);
