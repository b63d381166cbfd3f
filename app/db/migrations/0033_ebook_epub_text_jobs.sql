ALTER TABLE "media_assets" DROP CONSTRAINT "media_assets_kind";--> statement-breakpoint
ALTER TABLE "ebooks" ADD COLUMN "epub_path" text;--> statement-breakpoint
ALTER TABLE "ebook_text_editions" ADD COLUMN "source" text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebook_text_editions" ADD COLUMN "run_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ebook_text_editions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ebook_text_editions" ADD COLUMN "claim" uuid;--> statement-breakpoint
ALTER TABLE "ebook_text_editions" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ebook_text_editions_due_idx" ON "ebook_text_editions" USING btree ("run_after");--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_kind" CHECK ("media_assets"."kind" in ('image', 'video', 'cover', 'pdf', 'epub'));