CREATE TABLE "content_daily_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"paywall_views" integer DEFAULT 0 NOT NULL,
	"offer_views" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_counts_day_kind_item_id_pk" PRIMARY KEY("day","kind","item_id"),
	CONSTRAINT "content_daily_counts_kind" CHECK ("content_daily_counts"."kind" in ('article', 'ebook', 'category'))
);
--> statement-breakpoint
CREATE TABLE "content_monthly_counts" (
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"paywall_views" integer DEFAULT 0 NOT NULL,
	"offer_views" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_monthly_counts_month_kind_item_id_pk" PRIMARY KEY("month","kind","item_id"),
	CONSTRAINT "content_monthly_counts_kind" CHECK ("content_monthly_counts"."kind" in ('article', 'ebook', 'category')),
	CONSTRAINT "content_monthly_counts_first_day" CHECK (extract(day from "content_monthly_counts"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "search_daily_counts" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_daily_counts_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_daily_counts_query_length" CHECK (char_length("search_daily_counts"."query") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "search_monthly_counts" (
	"month" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_monthly_counts_month_query_pk" PRIMARY KEY("month","query"),
	CONSTRAINT "search_monthly_counts_query_length" CHECK (char_length("search_monthly_counts"."query") between 1 and 100),
	CONSTRAINT "search_monthly_counts_first_day" CHECK (extract(day from "search_monthly_counts"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "from_article_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_from_article_id_articles_id_fk" FOREIGN KEY ("from_article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;