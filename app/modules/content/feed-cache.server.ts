// sitemap.xml and rss.xml are the same for every visitor (a guest's view), so each is built once and kept in
// memory until content changes. Change events come from the database triggers (articles, article_categories,
// categories, ebooks) through onContentChanged, from any app process. When this process does not listen
// (the listener failed to start, scripts, tests), a cached feed expires after a short time instead.
import { getDb } from "~/db/client.server";
import { singleton } from "~/lib/singleton.server";
import { contentEventsListening, onContentChanged } from "~/modules/live/content-events.server";

/** While change events arrive: the longest a feed is kept, in case a notification was lost. */
export const FEED_CACHE_MAX_MS = 10 * 60_000;
/** Without change events: how long a feed is kept. */
export const FEED_CACHE_FALLBACK_MS = 30_000;

interface Entry {
  /** The database the feed was read from (tests and scripts may swap it). */
  db: object;
  startedAt: number;
  xml: Promise<string>;
}

interface FeedCacheState {
  entries: Map<string, Entry>;
  unsubscribe?: () => void;
}

const state = singleton<FeedCacheState>("feed-cache", () => ({ entries: new Map() }));

/** Forgets every cached feed, including builds still running (their callers get what they asked for). */
function invalidate() {
  state.entries.clear();
}

/**
 * The cached XML for `key`, or a new build. Concurrent requests share one build, so a burst of crawlers
 * costs one read. A build counts from when it started, and a change event during a build discards it.
 */
export function cachedFeed(key: string, build: () => Promise<string>): Promise<string> {
  state.unsubscribe ??= onContentChanged(invalidate);
  const db = getDb();
  const now = Date.now();
  const maxAge = contentEventsListening() ? FEED_CACHE_MAX_MS : FEED_CACHE_FALLBACK_MS;
  const cached = state.entries.get(key);
  if (cached && cached.db === db && now >= cached.startedAt && now - cached.startedAt < maxAge) return cached.xml;
  const entry: Entry = { db, startedAt: now, xml: build() };
  state.entries.set(key, entry);
  // A failed build is not kept: the next request tries again.
  entry.xml.catch(() => {
    if (state.entries.get(key) === entry) state.entries.delete(key);
  });
  return entry.xml;
}
