-- The search column was rebuilt in 0005 (now including the excerpt), which dropped its trigram index; the
-- separate excerpt index is no longer needed.
DROP INDEX IF EXISTS "articles_excerpt_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_search_text_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);
