-- Tells every listening app process that articles or categories changed (home page must-reads refresh live).
CREATE OR REPLACE FUNCTION nuru_notify_content_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nuru_content_changed', json_build_object('table', TG_TABLE_NAME, 'op', TG_OP)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER articles_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON articles
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER article_categories_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON article_categories
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER categories_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
