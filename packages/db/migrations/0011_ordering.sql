CREATE TABLE "order_events" (
	"event_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "order_number_counters_pkey" PRIMARY KEY("tenant_id","restaurant_id","business_date")
);
--> statement-breakpoint
CREATE TABLE "ordering_settings" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"lead_time_minutes" integer DEFAULT 20 NOT NULL,
	"scheduling_days" integer DEFAULT 2 NOT NULL,
	"slot_capacity" integer,
	"tip_presets" jsonb DEFAULT '[15,18,20]'::jsonb NOT NULL,
	"capture_on" text DEFAULT 'accept' NOT NULL,
	"paused_until" timestamp with time zone,
	"sold_out_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordering_settings_pkey" PRIMARY KEY("tenant_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"token" text NOT NULL,
	"number" integer NOT NULL,
	"business_date" date NOT NULL,
	"status" text NOT NULL,
	"fulfilment" text DEFAULT 'pickup' NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"asap" boolean NOT NULL,
	"ready_at" timestamp with time zone,
	"customer" jsonb NOT NULL,
	"notes" text,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"transaction_id" uuid,
	"payment_message" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_check" CHECK ("orders"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_settings" ADD CONSTRAINT "ordering_settings_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transaction_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_key" ON "orders" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("tenant_id","restaurant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("tenant_id","restaurant_id","business_date","number");--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("tenant_id","restaurant_id","business_date","order_id");--> statement-breakpoint
CREATE INDEX "orders_pickup_idx" ON "orders" USING btree ("tenant_id","restaurant_id","pickup_at");--> statement-breakpoint
-- Walled like every tenant table (decision 018). Settings and orders are audited (every status change of an
-- order is an audit line, beside its own order_events history); counters and events are walled only.
SELECT "brigade_protect_tenant_table"('ordering_settings', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('orders', true, '{request_hash}');--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('order_events', false);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('order_number_counters', false);
