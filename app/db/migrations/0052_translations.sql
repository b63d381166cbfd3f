ALTER TABLE "articles" ADD COLUMN "translation_id" uuid;--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "translation_id" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_translation_id_articles_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_translation_id_ebooks_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."ebooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_translation_once" UNIQUE("translation_id");--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_translation_once" UNIQUE("translation_id");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_translation_not_itself" CHECK ("articles"."translation_id" <> "articles"."id");--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_translation_not_itself" CHECK ("ebooks"."translation_id" <> "ebooks"."id");