ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_language_known" CHECK ("articles"."language" in ('en', 'sw'));--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_language_known" CHECK ("ebooks"."language" in ('en', 'sw'));