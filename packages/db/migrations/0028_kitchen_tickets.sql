CREATE TABLE "kitchen_tickets" (
	"ticket_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kitchen_tickets_ticket_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"prep_station_id" integer NOT NULL,
	"printer_id" integer,
	"printed_on" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"printed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_tickets_status" CHECK ("kitchen_tickets"."status" in ('queued', 'printed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "prep_stations" ADD COLUMN "backup_printer_id" integer;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_tickets_order_idx" ON "kitchen_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "kitchen_tickets_status_idx" ON "kitchen_tickets" USING btree ("tenant_id","restaurant_id","status");--> statement-breakpoint
-- Walled like every tenant table (decision 018); a ticket is a kitchen step, not audited itself (like a bump).
SELECT "brigade_protect_tenant_table"('kitchen_tickets', false);
