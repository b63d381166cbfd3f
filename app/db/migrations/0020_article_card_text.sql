ALTER TABLE "articles" ADD COLUMN "reading_minutes" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "card_excerpt" text;