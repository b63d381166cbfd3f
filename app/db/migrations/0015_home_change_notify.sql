-- The home page's own tables tell open home pages to refresh too (see 0002_content_change_notify): an admin's
-- edit of a hero slide, the featured ad or a testimonial shows without a reload.
CREATE OR REPLACE TRIGGER hero_slides_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON hero_slides
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER featured_ebook_ad_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON featured_ebook_ad
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER testimonials_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON testimonials
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
