CREATE TABLE "dining_rooms" (
	"room_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dining_rooms_room_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"table_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dining_tables_table_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"room_id" bigint NOT NULL,
	"name" text NOT NULL,
	"seats" integer NOT NULL,
	"shape" text DEFAULT 'square' NOT NULL,
	"x" integer DEFAULT 0 NOT NULL,
	"y" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dining_tables_shape_check" CHECK ("dining_tables"."shape" in ('square', 'round', 'rectangle')),
	CONSTRAINT "dining_tables_seats_check" CHECK ("dining_tables"."seats" between 1 and 99)
);
--> statement-breakpoint
DROP INDEX "orders_kitchen_idx";--> statement-breakpoint
ALTER TABLE "kitchen_bumps" ADD COLUMN "round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD COLUMN "round" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "table_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voided_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_rooms" ADD CONSTRAINT "dining_rooms_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_room_id_dining_rooms_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."dining_rooms"("room_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dining_rooms_restaurant_idx" ON "dining_rooms" USING btree ("tenant_id","restaurant_id");--> statement-breakpoint
CREATE INDEX "dining_tables_restaurant_idx" ON "dining_tables" USING btree ("tenant_id","restaurant_id","room_id");--> statement-breakpoint
CREATE INDEX "orders_open_checks_idx" ON "orders" USING btree ("tenant_id","restaurant_id","table_id") WHERE "orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "orders_kitchen_idx" ON "orders" USING btree ("tenant_id","restaurant_id","order_id") WHERE "orders"."status" in ('accepted', 'in_preparation', 'open');--> statement-breakpoint
-- Walled like every tenant table (decision 018); the floor plan is audited like the rest of the catalogue.
SELECT "brigade_protect_tenant_table"('dining_rooms', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('dining_tables', true);
