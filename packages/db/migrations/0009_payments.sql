CREATE TABLE "merchant_accounts" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"merchid" text NOT NULL,
	"site" text NOT NULL,
	"environment" text NOT NULL,
	"write_method" text DEFAULT 'PUT' NOT NULL,
	"credentials" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_tested_at" timestamp with time zone,
	"last_test_ok" boolean,
	"last_test_message" text,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_accounts_pkey" PRIMARY KEY("tenant_id","restaurant_id"),
	CONSTRAINT "merchant_accounts_environment_check" CHECK ("merchant_accounts"."environment" in ('uat', 'production')),
	CONSTRAINT "merchant_accounts_write_method_check" CHECK ("merchant_accounts"."write_method" in ('PUT', 'POST'))
);
--> statement-breakpoint
CREATE TABLE "payment_idempotency_keys" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"key" text NOT NULL,
	"endpoint" text NOT NULL,
	"request_hash" text NOT NULL,
	"actor" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_idempotency_keys_pkey" PRIMARY KEY("tenant_id","restaurant_id","key"),
	CONSTRAINT "payment_idempotency_keys_state_check" CHECK ("payment_idempotency_keys"."state" in ('in_progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "payment_transaction_events" (
	"event_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_transaction_events_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"transaction_id" uuid NOT NULL,
	"step" text NOT NULL,
	"outcome" text NOT NULL,
	"amount" bigint,
	"details" jsonb NOT NULL,
	"actor" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"transaction_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"parent_transaction_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"merchid" text NOT NULL,
	"orderid" text NOT NULL,
	"retref" text,
	"order_reference" text,
	"amount" bigint NOT NULL,
	"authorised_amount" bigint,
	"captured_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"tip_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"token" text,
	"last_four" text,
	"card_brand" text,
	"respstat" text,
	"respcode" text,
	"resptext" text,
	"respproc" text,
	"authcode" text,
	"avsresp" text,
	"cvvresp" text,
	"setlstat" text,
	"batchid" text,
	"decline_category" text,
	"voidable" boolean,
	"refundable" boolean,
	"reconciliation" text,
	"captured_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_amounts_check" CHECK ("payment_transactions"."captured_amount" >= 0 and "payment_transactions"."refunded_amount" >= 0 and "payment_transactions"."tip_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transaction_events" ADD CONSTRAINT "payment_transaction_events_transaction_id_payment_transactions_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("transaction_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_idempotency_keys_expiry_idx" ON "payment_idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "payment_transaction_events_txn_idx" ON "payment_transaction_events" USING btree ("transaction_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_orderid_key" ON "payment_transactions" USING btree ("orderid");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_retref_key" ON "payment_transactions" USING btree ("merchid","retref") WHERE "payment_transactions"."retref" is not null;--> statement-breakpoint
CREATE INDEX "payment_transactions_list_idx" ON "payment_transactions" USING btree ("tenant_id","restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_parent_idx" ON "payment_transactions" USING btree ("parent_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_unknown_idx" ON "payment_transactions" USING btree ("status") WHERE "payment_transactions"."status" in ('pending', 'unknown');--> statement-breakpoint
-- Walled like every tenant table (decision 018). The merchant account is audited with its sealed credentials
-- redacted; transactions keep their own step-by-step history (payment_transaction_events), so they and the
-- idempotency keys are walled without audit lines.
SELECT "brigade_protect_tenant_table"('merchant_accounts', true, '{}', '{credentials}');--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('payment_transactions', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('payment_transaction_events', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('payment_idempotency_keys', false);
