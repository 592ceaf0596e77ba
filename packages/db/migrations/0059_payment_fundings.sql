CREATE TABLE "payment_fundings" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"funding_date" date NOT NULL,
	"merchant_id" text NOT NULL,
	"funding_master_id" text,
	"net_sales" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"adjustments" bigint NOT NULL,
	"reversals" bigint NOT NULL,
	"chargebacks" bigint NOT NULL,
	"total_funding" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"deposit_count" integer NOT NULL,
	"transaction_count" integer NOT NULL,
	"adjustment_count" integer NOT NULL,
	"chargeback_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_fundings_pkey" PRIMARY KEY("tenant_id","restaurant_id","funding_date"),
	CONSTRAINT "payment_fundings_counts_check" CHECK ("payment_fundings"."deposit_count" >= 0 and "payment_fundings"."transaction_count" >= 0 and "payment_fundings"."adjustment_count" >= 0 and "payment_fundings"."chargeback_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_fundings" ADD CONSTRAINT "payment_fundings_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Walled like every tenant table (decision 018); not audited: a copy of the gateway's report that only the
-- import writes, like payment_transactions.
SELECT "brigade_protect_tenant_table"('payment_fundings', false);
