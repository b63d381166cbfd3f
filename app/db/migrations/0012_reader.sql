CREATE TABLE "ebook_reading_progress" (
	"user_id" text NOT NULL,
	"ebook_id" uuid NOT NULL,
	"last_page" integer NOT NULL,
	"page_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebook_reading_progress_user_id_ebook_id_pk" PRIMARY KEY("user_id","ebook_id"),
	CONSTRAINT "ebook_reading_progress_page_positive" CHECK ("ebook_reading_progress"."last_page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ebook_stamped_copies" (
	"user_id" text NOT NULL,
	"ebook_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"source_key" text NOT NULL,
	"source_etag" text NOT NULL,
	"stamp" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebook_stamped_copies_user_id_ebook_id_pk" PRIMARY KEY("user_id","ebook_id")
);
--> statement-breakpoint
ALTER TABLE "ebook_reading_progress" ADD CONSTRAINT "ebook_reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_reading_progress" ADD CONSTRAINT "ebook_reading_progress_ebook_id_ebooks_id_fk" FOREIGN KEY ("ebook_id") REFERENCES "public"."ebooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_stamped_copies" ADD CONSTRAINT "ebook_stamped_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebook_stamped_copies" ADD CONSTRAINT "ebook_stamped_copies_ebook_id_ebooks_id_fk" FOREIGN KEY ("ebook_id") REFERENCES "public"."ebooks"("id") ON DELETE cascade ON UPDATE no action;