CREATE TABLE "ordering_funnel_days" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"menu_views" integer DEFAULT 0 NOT NULL,
	"quotes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ordering_funnel_days_pkey" PRIMARY KEY("tenant_id","restaurant_id","business_date")
);
--> statement-breakpoint
ALTER TABLE "ordering_funnel_days" ADD CONSTRAINT "ordering_funnel_days_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Walled like every tenant table (decision 018); not audited row by row: counts, not anybody's change.
SELECT "brigade_protect_tenant_table"('ordering_funnel_days', false);