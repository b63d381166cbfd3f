ALTER TABLE "categories" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_sw" text;--> statement-breakpoint
ALTER TABLE "featured_ebook_ad" ADD COLUMN "headline_sw" text;--> statement-breakpoint
ALTER TABLE "featured_ebook_ad" ADD COLUMN "subtext_sw" text;--> statement-breakpoint
ALTER TABLE "featured_ebook_ad" ADD COLUMN "primary_button_text_sw" text;--> statement-breakpoint
ALTER TABLE "featured_ebook_ad" ADD COLUMN "secondary_button_text_sw" text;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD COLUMN "title_sw" text;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD COLUMN "subtitle_sw" text;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD COLUMN "primary_button_text_sw" text;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD COLUMN "secondary_button_text_sw" text;