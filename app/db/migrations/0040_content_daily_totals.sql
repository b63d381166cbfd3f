CREATE TABLE "content_daily_totals" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"paywall_views" integer DEFAULT 0 NOT NULL,
	"offer_views" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_totals_day_kind_pk" PRIMARY KEY("day","kind"),
	CONSTRAINT "content_daily_totals_kind" CHECK ("content_daily_totals"."kind" in ('article', 'ebook', 'category'))
);
--> statement-breakpoint
-- The days already counted: the same sums the flush adds from now on (issue 35, the per-day chart's roll-up).
INSERT INTO "content_daily_totals" ("day", "kind", "views", "paywall_views", "offer_views", "signups")
SELECT "day", "kind", sum("views"), sum("paywall_views"), sum("offer_views"), sum("signups")
FROM "content_daily_counts" GROUP BY "day", "kind";
