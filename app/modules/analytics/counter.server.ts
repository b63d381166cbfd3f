// Counting, not tracking (issue 35, ADR "count, do not track"). A page notes what it counts (a view of an article,
// the paywall it showed, a search and whether it found anything); this process adds it to numbers in memory, keyed
// by Nairobi day and page, and every ANALYTICS_FLUSH_SECONDS adds those numbers to the database in one statement.
// Nothing about who asked is kept: no address, no cookie, no session, not even the time of day. Bots, browser
// prefetches and requests that are not navigations are not counted, and a page counts once per reader a day.
import { createHmac, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { nairobiDate } from "~/lib/nairobi-time";
import { notePageEvent, type PageEventRequest } from "~/lib/page-events.server";
import { singleton } from "~/lib/singleton.server";
import { ID_SOURCE, isId } from "~/lib/ids";
import { addArrival, arrivalSource, flushSourceCounts } from "./sources.server";

export type ContentKind = "article" | "ebook" | "category";
type ContentMetric = "views" | "paywallViews" | "offerViews" | "signups";

const KINDS: readonly ContentKind[] = ["article", "ebook", "category"];
const METRICS: readonly ContentMetric[] = ["views", "paywallViews", "offerViews", "signups"];

interface ContentCounts {
  views: number;
  paywallViews: number;
  offerViews: number;
  signups: number;
}
interface SearchCounts {
  searches: number;
  empty: number;
}

const state = singleton("analytics-counter", () => ({
  content: new Map<string, ContentCounts>(),
  searches: new Map<string, SearchCounts>(),
  timer: undefined as NodeJS.Timeout | undefined,
  flushing: Promise.resolve() as Promise<unknown>,
}));

/** A query as counted: case, accents' composition and spacing do not make two searches different. */
export function normalizeSearch(query: string): string {
  return query.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().slice(0, 100).trim();
}

const ARTICLE_PATH = new RegExp(`^/article/(${ID_SOURCE})$`, "i");

// Events travel from the loader to the end of the response as short strings (page-events.server.ts).
const contentEvent = (metric: ContentMetric, kind: ContentKind, id: string) => `c|${metric}|${kind}|${id}`;
const searchEvent = (query: string, found: boolean) => `s|${found ? 1 : 0}|${query}`;

/** A page of an article, ebook or category was shown (counted when the response was served). */
export function noteContentView(kind: ContentKind, id: string, options: { paywall?: boolean } = {}): void {
  notePageEvent(contentEvent("views", kind, id));
  if (options.paywall) notePageEvent(contentEvent("paywallViews", kind, id));
}

/** The pricing page was opened from an article's paywall (`?from=<article id>`). */
export function noteOfferView(fromArticleId: string): void {
  if (isId(fromArticleId)) notePageEvent(contentEvent("offerViews", "article", fromArticleId.toLowerCase()));
}

/** A search of the article list; `found` is how many articles it found. */
export function noteSearch(query: string, found: number): void {
  const normalized = normalizeSearch(query);
  if (normalized) notePageEvent(searchEvent(normalized, found > 0));
}

/**
 * A sign-up from an article (the page the form was sent from was the article, or the sign-in page on the way back to
 * one): read from the request's Referer, which the shop's own pages send for same-origin requests. Counted at once.
 */
export function countSignUpFrom(request: Request, now = new Date()): void {
  const referer = request.headers.get("referer");
  if (!referer) return;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return;
  }
  if (from.origin !== new URL(request.url).origin) return;
  const path = from.pathname === "/signin" ? (from.searchParams.get("redirectTo") ?? "") : from.pathname;
  const id = ARTICLE_PATH.exec(path)?.[1];
  if (isId(id)) addEvents([contentEvent("signups", "article", id.toLowerCase())], nairobiDate(now));
}

// isbot's pattern takes about 15 µs a call on this machine, more than the rest of counting a view together (measured
// 2026-11-27: 16.6 µs against 1.4 µs for the request's event scope). Real traffic comes from a few hundred browsers,
// so each user agent's answer is remembered; the memo is bounded (a client can send any header) and starts again when full.
const BOT_MEMO_LIMIT = 1_000;
const botMemo = new Map<string, boolean>();

function isBotAgent(userAgent: string): boolean {
  let bot = botMemo.get(userAgent);
  if (bot === undefined) {
    if (botMemo.size >= BOT_MEMO_LIMIT) botMemo.clear();
    bot = isbot(userAgent);
    botMemo.set(userAgent, bot);
  }
  return bot;
}

// Once per reader per page per day (issue 46 item 6), without keeping who she is: what is kept is a keyed hash
// (HMAC-SHA-256, cut to 96 bits) of her session or address and the event, under a random key made for the Nairobi day
// in memory and never written anywhere. When the day changes the key and every hash are dropped, so not even this
// process can tell afterwards whether two days' views came from one reader. Per process (ADR 034 says why); bounded,
// since a client can send any number of addresses through a proxy: when full it starts again (at worst a reader seen
// before counts once more).
const SEEN_LIMIT = 500_000;
const seen = singleton("analytics-seen-today", () => ({ day: "", key: randomBytes(32), marks: new Set<string>() }));

function firstToday(day: string, reader: string, event: string): boolean {
  if (seen.day !== day) {
    seen.day = day;
    seen.key = randomBytes(32);
    seen.marks = new Set();
  }
  const mark = createHmac("sha256", seen.key).update(`${reader}\n${event}`).digest("base64url").slice(0, 16);
  if (seen.marks.has(mark)) return false;
  if (seen.marks.size >= SEEN_LIMIT) seen.marks.clear();
  seen.marks.add(mark);
  return true;
}

/** Page views, paywall views and offer views count once per reader a day; sign-ups and searches are not views. */
const countsOncePerReader = (event: string) => event.startsWith("c|") && !event.startsWith("c|signups|");

/**
 * The sink for page-events.server.ts: what a served page noted, unless a bot, a prefetch or a request that is not a
 * navigation asked for it; each page's views once per reader (her session, else her address) and day.
 */
export function countServedPage(events: readonly string[], request: PageEventRequest, now = new Date()): void {
  if (request.prefetch || request.notNavigation || !request.userAgent || isBotAgent(request.userAgent)) return;
  const day = nairobiDate(now);
  const { reader } = request;
  // CASE: no reader known (a request that did not come through the HTTP server: scripts, the bench) -> each counts.
  addEvents(
    reader === undefined ? events : events.filter((e) => !countsOncePerReader(e) || firstToday(day, reader, e)),
    day,
  );
}

/** What countArrival reads of a request that was answered with a page. */
export interface ArrivalRequest {
  /** The page's full address (its utm_ parameters name a campaign). */
  url: URL;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A person arrived at a public page from another site or from a campaign's link (issue 46): counted for the day by
 * the other site's domain and the campaign only. Only page navigations count (a browser's `Sec-Fetch-Mode: navigate`,
 * or an HTML request from a browser that does not send it); bots and prefetches are left out as for views.
 */
export function countArrival(request: ArrivalRequest, now = new Date()): void {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const mode = header("sec-fetch-mode");
  const navigation = mode ? mode === "navigate" : /text\/html/.test(header("accept") ?? "");
  if (!navigation || request.url.pathname.endsWith(".data")) return;
  const userAgent = header("user-agent");
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""}`;
  if (!userAgent || /prefetch|prerender/i.test(purpose) || isBotAgent(userAgent)) return;
  const source = arrivalSource(request.url, header("referer"));
  if (source) addArrival(source, nairobiDate(now));
}

function addEvents(events: readonly string[], day: string) {
  for (const event of events) {
    if (event.startsWith("c|")) {
      const [, metric, kind, id] = event.split("|") as [string, ContentMetric, ContentKind, string];
      if (!METRICS.includes(metric) || !KINDS.includes(kind) || !isId(id)) continue;
      const key = `${day}|${kind}|${id}`;
      let counts = state.content.get(key);
      if (!counts) state.content.set(key, (counts = { views: 0, paywallViews: 0, offerViews: 0, signups: 0 }));
      counts[metric]++;
    } else if (event.startsWith("s|")) {
      const key = `${day}|${event.slice(4)}`;
      let counts = state.searches.get(key);
      if (!counts) state.searches.set(key, (counts = { searches: 0, empty: 0 }));
      counts.searches++;
      if (event[2] === "0") counts.empty++;
    }
  }
}

/** How many distinct day-and-page counters wait in memory (for tests and the bench). */
export function pendingCounters(): number {
  return state.content.size + state.searches.size;
}

/**
 * Adds this process's counts to the database and starts them again from zero: two statements, each one upsert
 * (`views = views + excluded.views`), so any number of processes can add at once. Counts for a page that no longer
 * exists are dropped. If the database fails, the counts go back into memory for the next flush.
 */
export function flushCounts(db: Database = getDb()): Promise<void> {
  const run = state.flushing.then(() => flushNow(db)).then(() => flushSourceCounts(db));
  state.flushing = run.catch(() => undefined);
  return run;
}

async function flushNow(db: Database) {
  if (state.content.size === 0 && state.searches.size === 0) return;
  const content = state.content;
  const searches = state.searches;
  state.content = new Map();
  state.searches = new Map();
  const contentRows = [...content].map(([key, c]) => {
    const [day, kind, itemId] = key.split("|");
    return {
      day,
      kind,
      item_id: itemId,
      views: c.views,
      paywall: c.paywallViews,
      offer: c.offerViews,
      signups: c.signups,
    };
  });
  const searchRows = [...searches].map(([key, c]) => ({
    day: key.slice(0, 10),
    query: key.slice(11),
    searches: c.searches,
    empty: c.empty,
  }));
  try {
    if (contentRows.length) await db.execute(upsertContent(JSON.stringify(contentRows)));
    if (searchRows.length) await db.execute(upsertSearches(JSON.stringify(searchRows)));
  } catch (error) {
    for (const [key, c] of content) {
      const now = state.content.get(key);
      if (now) for (const m of METRICS) now[m] += c[m];
      else state.content.set(key, c);
    }
    for (const [key, c] of searches) {
      const now = state.searches.get(key);
      if (now) {
        now.searches += c.searches;
        now.empty += c.empty;
      } else state.searches.set(key, c);
    }
    throw error;
  }
}

// One statement for the daily rows, their per-day totals and their monthly roll-up (so the roll-ups always equal the
// daily rows); pages that no longer exist are left out.
function upsertContent(rows: string) {
  return sql`
    with v as (
      select * from jsonb_to_recordset(${rows}::jsonb)
        as v(day date, kind text, item_id uuid, views int, paywall int, offer int, signups int)
    ),
    known as (
      select v.* from v
      where (v.kind = 'article' and exists (select 1 from articles a where a.id = v.item_id))
         or (v.kind = 'ebook' and exists (select 1 from ebooks e where e.id = v.item_id))
         or (v.kind = 'category' and exists (select 1 from categories c where c.id = v.item_id))
    ),
    daily as (
      insert into content_daily_counts as t (day, kind, item_id, views, paywall_views, offer_views, signups)
      select day, kind, item_id, views, paywall, offer, signups from known
      on conflict (day, kind, item_id) do update set
        views = t.views + excluded.views,
        paywall_views = t.paywall_views + excluded.paywall_views,
        offer_views = t.offer_views + excluded.offer_views,
        signups = t.signups + excluded.signups
    ),
    totals as (
      insert into content_daily_totals as t (day, kind, views, paywall_views, offer_views, signups)
      select day, kind, sum(views), sum(paywall), sum(offer), sum(signups) from known group by 1, 2
      on conflict (day, kind) do update set
        views = t.views + excluded.views,
        paywall_views = t.paywall_views + excluded.paywall_views,
        offer_views = t.offer_views + excluded.offer_views,
        signups = t.signups + excluded.signups
    )
    insert into content_monthly_counts as t (month, kind, item_id, views, paywall_views, offer_views, signups)
    select date_trunc('month', day)::date, kind, item_id, sum(views), sum(paywall), sum(offer), sum(signups)
    from known group by 1, 2, 3
    on conflict (month, kind, item_id) do update set
      views = t.views + excluded.views,
      paywall_views = t.paywall_views + excluded.paywall_views,
      offer_views = t.offer_views + excluded.offer_views,
      signups = t.signups + excluded.signups`;
}

function upsertSearches(rows: string) {
  return sql`
    with v as (
      select * from jsonb_to_recordset(${rows}::jsonb) as v(day date, query text, searches int, empty int)
    ),
    daily as (
      insert into search_daily_counts as t (day, query, searches, empty)
      select day, query, searches, empty from v
      on conflict (day, query) do update set
        searches = t.searches + excluded.searches,
        empty = t.empty + excluded.empty
    )
    insert into search_monthly_counts as t (month, query, searches, empty)
    select date_trunc('month', day)::date, query, sum(searches), sum(empty) from v group by 1, 2
    on conflict (month, query) do update set
      searches = t.searches + excluded.searches,
      empty = t.empty + excluded.empty`;
}

/** Flushes every `seconds` in the background (the timer never keeps the process alive). */
export function startCountFlush(seconds: number): void {
  stopCountTimer();
  state.timer = setInterval(() => {
    flushCounts().catch((error: Error) => console.error(`Analytics counts not saved yet: ${error.message}`));
  }, seconds * 1000);
  state.timer.unref();
}

function stopCountTimer() {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
}

/** At shutdown: the last counts reach the database before it closes. */
export async function stopCountFlush(): Promise<void> {
  stopCountTimer();
  await flushCounts().catch((error: Error) => console.error(`Analytics counts lost at shutdown: ${error.message}`));
}
