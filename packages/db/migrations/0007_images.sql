CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"restaurant_id" integer,
	"keys" text[] NOT NULL,
	"status" text NOT NULL,
	"writer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_status_check" CHECK ("images"."status" in ('pending', 'stored'))
);
--> statement-breakpoint
CREATE INDEX "images_pending_writer_idx" ON "images" USING btree ("writer") WHERE "images"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "images_keys_idx" ON "images" USING gin ("keys");