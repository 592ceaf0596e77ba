CREATE TABLE "payment_profiles" (
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"profileid" text NOT NULL,
	"acctid" text NOT NULL,
	"name" text,
	"last_four" text,
	"card_brand" text,
	"expiry" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_profiles_pkey" PRIMARY KEY("tenant_id","restaurant_id","profileid","acctid")
);
--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Walled like every tenant table (decision 018), and audited: a stored card is customer data whose creation,
-- change and removal someone may need to account for. The row holds no card data (only last four and brand).
SELECT "brigade_protect_tenant_table"('payment_profiles', true);
