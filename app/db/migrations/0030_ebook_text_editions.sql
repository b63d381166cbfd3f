CREATE TYPE "public"."reader_theme" AS ENUM('light', 'sepia', 'dark');--> statement-breakpoint
CREATE TABLE "ebook_text_editions" (
	"ebook_id" uuid PRIMARY KEY NOT NULL,
	"file_key" text,
	"source_key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebook_text_positions" (
	"user_id" text NOT NULL,
	"ebook_id" uuid NOT NULL,
	"section" integer NOT NULL,
	"offset" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebook_text_positions_user_id_ebook_id_pk" PRIMARY KEY("user_id","ebook_id"),
	CONSTRAINT "ebook_text_positions_not_negative" CHECK ("ebook_text_positions"."section" >= 0 and "ebook_text_positions"."offset" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reader_text_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"font_size" integer DEFAULT 18 NOT NULL,
	"line_height" integer DEFAULT 16 NOT NULL,
	"theme" "reader_theme" DEFAULT 'light' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_text_preferences_font_size" CHECK ("reader_text_preferences"."font_size" between 16 and 32),
	CONSTRAINT "reader_text_preferences_line_height" CHECK ("reader_text_preferences"."line_height" between 12 and 24)
);
--> statement-breakpoint
ALTER TABLE "ebook_text_editions" ADD CONSTRAINT "ebook_text_editions_ebook_id_ebooks_id_fk" FOREIGN KEY ("ebook_id") REFERENCES "public"."ebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_text_positions" ADD CONSTRAINT "ebook_text_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_text_positions" ADD CONSTRAINT "ebook_text_positions_ebook_id_ebooks_id_fk" FOREIGN KEY ("ebook_id") REFERENCES "public"."ebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_text_preferences" ADD CONSTRAINT "reader_text_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;