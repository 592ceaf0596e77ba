CREATE TABLE "places_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"answer" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "places_cache_expires_idx" ON "places_cache" USING btree ("expires_at");