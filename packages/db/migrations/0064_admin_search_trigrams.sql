-- The site administrator's user search matches `ilike '%term%'` on names and emails, which no b-tree
-- serves: at 100× of the demo (bench/README.md, scale) it read every user. Trigram indexes serve it (terms of
-- three letters or more). pg_trgm is a trusted contrib extension of PostgreSQL; PGlite loads it as a contrib
-- module (pglite-worker.mjs). Tables under row-level security gain nothing from them: `ilike` is not leakproof,
-- so PostgreSQL never uses an index for it under a policy (bench/README.md, scale).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);