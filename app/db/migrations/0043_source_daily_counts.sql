CREATE TABLE "source_daily_counts" (
	"day" date NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "source_daily_counts_day_domain_utm_source_utm_medium_utm_campaign_pk" PRIMARY KEY("day","domain","utm_source","utm_medium","utm_campaign"),
	CONSTRAINT "source_daily_counts_domain_length" CHECK (char_length("source_daily_counts"."domain") <= 100),
	CONSTRAINT "source_daily_counts_campaign_length" CHECK (char_length("source_daily_counts"."utm_source") <= 60 and char_length("source_daily_counts"."utm_medium") <= 60 and char_length("source_daily_counts"."utm_campaign") <= 60)
);
