CREATE TABLE "ledger_lines" (
	"line_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"sale_key" text NOT NULL,
	"event" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"business_date" date NOT NULL,
	"local_hour" smallint NOT NULL,
	"order_id" bigint,
	"transaction_id" uuid,
	"item_id" integer,
	"item_name" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"menu_group_id" integer,
	"sales_category_id" integer,
	"tax_rate_id" integer,
	"tax_name" text,
	"included_tax" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text,
	"card_brand" text,
	"employee" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_event_check" CHECK ("ledger_lines"."event" in ('sale', 'return', 'capture', 'void', 'refund', 'credit')),
	CONSTRAINT "ledger_lines_kind_check" CHECK ("ledger_lines"."kind" in ('item', 'custom', 'tax', 'service_charge', 'tip', 'tender')),
	CONSTRAINT "ledger_lines_channel_check" CHECK ("ledger_lines"."channel" in ('online', 'virtual_terminal')),
	CONSTRAINT "ledger_lines_hour_check" CHECK ("ledger_lines"."local_hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "voided_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_key" ON "ledger_lines" USING btree ("tenant_id","restaurant_id","line_key");--> statement-breakpoint
CREATE INDEX "ledger_lines_day_idx" ON "ledger_lines" USING btree ("tenant_id","restaurant_id","business_date");--> statement-breakpoint
CREATE INDEX "ledger_lines_sale_idx" ON "ledger_lines" USING btree ("tenant_id","restaurant_id","sale_key");--> statement-breakpoint
CREATE INDEX "orders_transaction_idx" ON "orders" USING btree ("transaction_id");--> statement-breakpoint
-- Walled like every tenant table (decision 018); not audited row by row: the ledger is itself the record.
SELECT "brigade_protect_tenant_table"('ledger_lines', false);--> statement-breakpoint
-- Ledger lines are only ever added (decision 050): a correction is a new line, never an edit. A rebuild
-- deletes a restaurant's lines and adds them again.
CREATE FUNCTION "brigade_ledger_lines_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger lines are never changed (decision 050)' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_lines_immutable" BEFORE UPDATE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_lines_immutable"();
