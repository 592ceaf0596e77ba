-- The site administrator's searches match `ilike '%term%'`, which no b-tree serves: at 100× of the demo
-- (bench/README.md, scale) they read every user and every restaurant. Trigram indexes serve them (terms of
-- three letters or more). pg_trgm is a trusted contrib extension of PostgreSQL; PGlite loads it as a contrib
-- module (pglite-worker.mjs).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_search_trgm_idx" ON "restaurants" USING gin ("name" gin_trgm_ops,"slug" gin_trgm_ops,("address" ->> 'city') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_names_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops,"display_name" gin_trgm_ops);