CREATE TABLE "cash_drawer_sessions" (
	"session_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_drawer_sessions_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"device_id" bigint NOT NULL,
	"opened_by" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float" bigint NOT NULL,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	"counted" bigint,
	"expected" bigint,
	"over_short" bigint,
	"note" text,
	CONSTRAINT "cash_drawer_sessions_amounts_check" CHECK ("cash_drawer_sessions"."opening_float" >= 0 and ("cash_drawer_sessions"."counted" is null or "cash_drawer_sessions"."counted" >= 0))
);
--> statement-breakpoint
CREATE TABLE "cash_movements" (
	"movement_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_movements_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_kind_check" CHECK ("cash_movements"."kind" in ('pay_in', 'pay_out')),
	CONSTRAINT "cash_movements_amount_check" CHECK ("cash_movements"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_tenders" ADD COLUMN "session_id" bigint;--> statement-breakpoint
ALTER TABLE "cash_drawer_sessions" ADD CONSTRAINT "cash_drawer_sessions_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_session_id_cash_drawer_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cash_drawer_sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_drawer_sessions_open_key" ON "cash_drawer_sessions" USING btree ("tenant_id","restaurant_id","device_id") WHERE "cash_drawer_sessions"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "cash_drawer_sessions_day_idx" ON "cash_drawer_sessions" USING btree ("tenant_id","restaurant_id","opened_at");--> statement-breakpoint
CREATE INDEX "cash_movements_session_idx" ON "cash_movements" USING btree ("session_id");--> statement-breakpoint
-- Walled like every tenant table (decision 018); a drawer's session and its pay-ins and pay-outs are audited.
SELECT "brigade_protect_tenant_table"('cash_drawer_sessions', true);--> statement-breakpoint
SELECT "brigade_protect_tenant_table"('cash_movements', true);
