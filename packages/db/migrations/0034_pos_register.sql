CREATE TABLE "order_tenders" (
	"tender_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_tenders_tender_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"tendered" bigint NOT NULL,
	"change" bigint NOT NULL,
	"taken_by" text NOT NULL,
	"device_id" bigint,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tenders_method_check" CHECK ("order_tenders"."method" in ('cash')),
	CONSTRAINT "order_tenders_amounts_check" CHECK ("order_tenders"."amount" >= 0 and "order_tenders"."change" >= 0 and "order_tenders"."tendered" = "order_tenders"."amount" + "order_tenders"."change")
);
--> statement-breakpoint
CREATE TABLE "pos_devices" (
	"device_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_devices_device_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"receipt_printer_id" integer,
	"paired_by" text NOT NULL,
	"paired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_event_check";--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_channel_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "device_id" bigint;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD CONSTRAINT "order_tenders_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tenders" ADD CONSTRAINT "order_tenders_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_devices" ADD CONSTRAINT "pos_devices_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tenders_order_idx" ON "order_tenders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_devices_token_key" ON "pos_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pos_devices_restaurant_idx" ON "pos_devices" USING btree ("tenant_id","restaurant_id");--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_event_check" CHECK ("ledger_lines"."event" in ('sale', 'return', 'capture', 'void', 'refund', 'credit', 'cash_taken'));--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_channel_check" CHECK ("ledger_lines"."channel" in ('online', 'virtual_terminal', 'pos'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" in ('online', 'pos'));--> statement-breakpoint
-- Walled like every tenant table (decision 018). Pairing and unpairing a register is audited (never its
-- token's hash); a tender is written once with its order, which keeps its own history.
SELECT "brigade_protect_tenant_table"('pos_devices', true, '{token_hash}');--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('order_tenders', false);
