CREATE TABLE "business_listing_review_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"review_row_id" uuid NOT NULL,
	"action" text NOT NULL,
	"response" text,
	"is_ai_generated" boolean DEFAULT false NOT NULL,
	"auto_posted" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "business_listing_review_replies_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "business_listing_review_replies_action" CHECK ("business_listing_review_replies"."action" IN ('posted', 'edited', 'deleted', 'changed-on-google'))
);
--> statement-breakpoint
ALTER TABLE "business_listing_review_replies" ADD CONSTRAINT "business_listing_review_replies_review_row_id_business_listing_reviews_id_fk" FOREIGN KEY ("review_row_id") REFERENCES "public"."business_listing_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listing_review_replies" ADD CONSTRAINT "business_listing_review_replies_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_listing_review_replies" ADD CONSTRAINT "business_listing_review_replies_restaurant_fk" FOREIGN KEY ("tenant_id","restaurant_id") REFERENCES "public"."restaurants"("tenant_id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_listing_review_replies_review_idx" ON "business_listing_review_replies" USING btree ("review_row_id","seq");--> statement-breakpoint
-- Walled like every tenant table (decision 018). Not audited: the table is itself a log of who did what.
SELECT "brigade_protect_tenant_table"('business_listing_review_replies', false);
