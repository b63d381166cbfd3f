// Reads of public data (the same for every visitor: published lists, slides, plans, a country's price rule) kept
// in memory between requests until content changes, so signed-in pages, which are never cached whole, do not
// repeat them. Entries hold no one's access: callers gate what they return per viewer (the access policy runs on
// every request). Cleared by the same content-change notifications as the guest page cache (ADR 016), and off
// unless the HTTP server turns it on, so scripts and tests read the database directly.
import { singleton } from "./singleton.server";

const MAX_ENTRIES = 500;

interface PublicReads {
  enabled: boolean;
  entries: Map<string, Promise<unknown>>;
}

const state = singleton<PublicReads>("public-reads", () => ({ enabled: false, entries: new Map() }));

export function enablePublicReads() {
  state.enabled = true;
}

export function clearPublicReads() {
  state.entries.clear();
}

/** `read()`'s answer for `key`, shared with every request until the next content change. */
export function publicRead<T>(key: string, read: () => PromiseLike<T>): Promise<T> {
  if (!state.enabled) return Promise.resolve(read());
  const kept = state.entries.get(key) as Promise<T> | undefined;
  if (kept) {
    // Most recently used last: the oldest entry is the one dropped when the map is full.
    state.entries.delete(key);
    state.entries.set(key, kept);
    return kept;
  }
  // Settled into a promise here: a Drizzle query is a lazy thenable that runs again each time it is awaited, so
  // keeping the query itself would keep nothing.
  const pending = Promise.resolve(read());
  state.entries.set(key, pending);
  if (state.entries.size > MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  // A failed read is not kept. A change notified while it ran has already removed it (clear), so it is not kept
  // either: its answer goes only to the requests that were waiting for it.
  pending.catch(() => {
    if (state.entries.get(key) === pending) state.entries.delete(key);
  });
  return pending;
}
