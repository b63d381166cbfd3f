import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

// The owner's analytics (issue 35, ADR "count, do not track"): counts only. No row names a person, an address, a
// session or a browser; a view is one added to a number for its day. Counted in memory by each app process and added
// here in one upsert every ANALYTICS_FLUSH_SECONDS (modules/analytics/counter.server.ts).

const countColumns = {
  // Pages served (a guest's from the page cache too), bots and prefetches left out.
  views: integer("views").notNull().default(0),
  // Article pages that showed the "Full content locked" panel instead of the body.
  paywallViews: integer("paywall_views").notNull().default(0),
  // The pricing page reached from this article's paywall (?from=<article>).
  offerViews: integer("offer_views").notNull().default(0),
  // Sign-ups sent from this article (the sign-up form's page named it).
  signups: integer("signups").notNull().default(0),
};

const CONTENT_KINDS = sql`in ('article', 'ebook', 'category')`;

/** Per Nairobi day and page: kept ANALYTICS_DAILY_RETENTION_DAYS (the monthly roll-up keeps the totals after). */
export const contentDailyCounts = pgTable(
  "content_daily_counts",
  {
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    itemId: uuid("item_id").notNull(),
    ...countColumns,
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.itemId] }),
    check("content_daily_counts_kind", sql`${t.kind} ${CONTENT_KINDS}`),
  ],
);

/** The same counts per month (the month's first day): the 12-month view reads 12 rows per page, not 365. */
export const contentMonthlyCounts = pgTable(
  "content_monthly_counts",
  {
    month: date("month").notNull(),
    kind: text("kind").notNull(),
    itemId: uuid("item_id").notNull(),
    ...countColumns,
  },
  (t) => [
    primaryKey({ columns: [t.month, t.kind, t.itemId] }),
    check("content_monthly_counts_kind", sql`${t.kind} ${CONTENT_KINDS}`),
    check("content_monthly_counts_first_day", sql`extract(day from ${t.month}) = 1`),
  ],
);

/**
 * The daily rows summed over pages: per Nairobi day and kind of page. The per-day chart of a 90-day period reads 270
 * of these instead of 95,000 page rows (issue 35: under 200 ms with a year at 100,000 views a day). Written by the
 * same flush statement as the daily and monthly rows, so it always equals their sum; kept like the monthly roll-up
 * (it names no page and no person) after the retention job deletes the daily rows.
 */
export const contentDailyTotals = pgTable(
  "content_daily_totals",
  {
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    ...countColumns,
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind] }),
    check("content_daily_totals_kind", sql`${t.kind} ${CONTENT_KINDS}`),
  ],
);

/** Searches per Nairobi day and normalized query (lower case, spaces collapsed, at most 100 characters). */
export const searchDailyCounts = pgTable(
  "search_daily_counts",
  {
    day: date("day").notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(0),
    // Searches that found no article.
    empty: integer("empty").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.query] }),
    check("search_daily_counts_query_length", sql`char_length(${t.query}) between 1 and 100`),
  ],
);

/** The same searches per month (the month's first day): the 12-month view reads these, not 365 days of rows. */
export const searchMonthlyCounts = pgTable(
  "search_monthly_counts",
  {
    month: date("month").notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(0),
    empty: integer("empty").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.query] }),
    check("search_monthly_counts_query_length", sql`char_length(${t.query}) between 1 and 100`),
    check("search_monthly_counts_first_day", sql`extract(day from ${t.month}) = 1`),
  ],
);

/**
 * Where readers come from (issue 46): arrivals at a public page per Nairobi day, by the other site that sent them (its
 * domain only, never the path: a search engine's or a chat's address can carry what she looked for) and the campaign
 * named in the link (utm_source, utm_medium, utm_campaign, lower case, at most 60 characters each). An arrival is one
 * added to a number; no column can hold a person, an address, a session or a page she read. Empty text: not given.
 */
export const sourceDailyCounts = pgTable(
  "source_daily_counts",
  {
    day: date("day").notNull(),
    domain: text("domain").notNull().default(""),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    arrivals: integer("arrivals").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.domain, t.utmSource, t.utmMedium, t.utmCampaign] }),
    check("source_daily_counts_domain_length", sql`char_length(${t.domain}) <= 100`),
    check(
      "source_daily_counts_campaign_length",
      sql`char_length(${t.utmSource}) <= 60 and char_length(${t.utmMedium}) <= 60 and char_length(${t.utmCampaign}) <= 60`,
    ),
  ],
);
