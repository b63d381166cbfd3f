ALTER TABLE "articles" drop column "search_text";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(meta_description, '') || ' ' || coalesce(excerpt, '') || ' ' || left(regexp_replace(content, '<[^>]*>', ' ', 'g'), 200))) STORED;--> statement-breakpoint
-- Search looks at the text of HTML bodies, not their markup. Rebuilding the column drops its trigram index.
CREATE INDEX IF NOT EXISTS "articles_search_text_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);
