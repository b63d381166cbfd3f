ALTER TABLE "articles" drop column "search_text";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(meta_description, '') || ' ' || coalesce(excerpt, '') || case when access_type = 'free' then ' ' || left(regexp_replace(content, '<[^>]*>', ' ', 'g'), 200) else '' end)) STORED;--> statement-breakpoint
-- Search may only look at text every guest sees: a locked article's body no longer enters the search column.
-- Rebuilding the column drops its trigram index.
CREATE INDEX IF NOT EXISTS "articles_search_text_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Ebooks are listed in the sitemap, which is cached until content changes (see 0002_content_change_notify).
CREATE OR REPLACE TRIGGER ebooks_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON ebooks
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
