-- A card's reading time and excerpt are computed from the body when it is written. An update that changes the body
-- or the excerpt without them (a script, a hand-made fix) marks them as not computed, so a list never shows a
-- stale card: it computes them again from the body.
CREATE OR REPLACE FUNCTION nuru_article_card_text_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.content IS DISTINCT FROM OLD.content
      OR NEW.rich_content IS DISTINCT FROM OLD.rich_content
      OR NEW.excerpt IS DISTINCT FROM OLD.excerpt)
     AND NEW.reading_minutes IS NOT DISTINCT FROM OLD.reading_minutes
     AND NEW.card_excerpt IS NOT DISTINCT FROM OLD.card_excerpt THEN
    NEW.reading_minutes := NULL;
    NEW.card_excerpt := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER articles_card_text_stale
BEFORE UPDATE ON articles
FOR EACH ROW EXECUTE FUNCTION nuru_article_card_text_stale();
