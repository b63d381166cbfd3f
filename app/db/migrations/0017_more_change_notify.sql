-- Guests' cached pages show reviews, comments, ebook categories and prices too: their tables notify like the
-- content tables (0002_content_change_notify), so a cached page is dropped as soon as any of them changes.
CREATE OR REPLACE TRIGGER content_reviews_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON content_reviews
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER article_comments_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON article_comments
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ebook_categories_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON ebook_categories
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER subscription_plans_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON subscription_plans
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pricing_rules_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON pricing_rules
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER exchange_rates_notify_content_change
AFTER INSERT OR UPDATE OR DELETE ON exchange_rates
FOR EACH STATEMENT EXECUTE FUNCTION nuru_notify_content_change();
