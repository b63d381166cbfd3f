CREATE TABLE "search_monthly_counts" (
	"month" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_monthly_counts_month_query_pk" PRIMARY KEY("month","query"),
	CONSTRAINT "search_monthly_counts_query_length" CHECK (char_length("search_monthly_counts"."query") between 1 and 100),
	CONSTRAINT "search_monthly_counts_first_day" CHECK (extract(day from "search_monthly_counts"."month") = 1)
);
