CREATE TABLE "kitchen_bumps" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"prep_station_id" integer NOT NULL,
	"bumped_by" text NOT NULL,
	"bumped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_bumps_pkey" PRIMARY KEY("tenant_id","restaurant_id","order_id","prep_station_id")
);
--> statement-breakpoint
ALTER TABLE "kitchen_bumps" ADD CONSTRAINT "kitchen_bumps_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_bumps" ADD CONSTRAINT "kitchen_bumps_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_bumps_station_idx" ON "kitchen_bumps" USING btree ("tenant_id","restaurant_id","prep_station_id","bumped_at");--> statement-breakpoint
-- Walled like every tenant table (decision 018); a bump is a kitchen step, not audited itself (the order's
-- move to ready it may cause is).
SELECT "brigade_protect_tenant_table"('kitchen_bumps', false);
