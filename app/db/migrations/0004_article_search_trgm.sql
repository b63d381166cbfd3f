-- Substring search (ILIKE '%...%') over the search column and excerpts, indexed with trigrams so lists stay fast
-- with thousands of articles. pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it from its contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_search_text_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_excerpt_trgm_idx" ON "articles" USING gin ("excerpt" gin_trgm_ops);
