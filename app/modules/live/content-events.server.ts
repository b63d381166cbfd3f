import type { DatabaseHandle } from "~/db/client.server";
import { singleton } from "~/lib/singleton.server";

/** The NOTIFY channel fed by the triggers of migrations 0002_content_change_notify and 0008 (ebooks). */
export const CONTENT_CHANNEL = "nuru_content_changed";
/** A burst of statements (an admin save touches several tables) becomes one event. */
export const CONTENT_DEBOUNCE_MS = 250;

export interface ContentChange {
  /** Tables changed in this burst; empty when the listener reconnected and changes may have been missed. */
  tables: string[];
  at: string;
}

type Listener = (change: ContentChange) => void;

interface ContentEventsState {
  listeners: Set<Listener>;
  /** Called at once for every notification, before the debounce (caches that must not serve a stale page). */
  immediate?: Set<() => void>;
  pending: Set<string>;
  timer?: ReturnType<typeof setTimeout>;
  unlisten?: () => Promise<void>;
  /** Bumped by every start and stop, so a slow start that lost the race cleans up after itself. */
  generation: number;
}

// One per process, even where two copies of this module are loaded (tests, scripts and the app bundle).
const state = singleton<ContentEventsState>("content-events", () => ({
  listeners: new Set(),
  pending: new Set(),
  generation: 0,
}));

function flush() {
  state.timer = undefined;
  const change: ContentChange = { tables: [...state.pending].sort(), at: new Date().toISOString() };
  state.pending.clear();
  for (const listener of state.listeners) {
    try {
      listener(change);
    } catch (error) {
      console.error("Content change listener failed:", error);
    }
  }
}

function received(payload: string) {
  try {
    const { table } = JSON.parse(payload) as { table?: unknown };
    if (typeof table === "string") state.pending.add(table);
  } catch {
    // An empty payload (listener reconnected) or a foreign one still means "refresh".
  }
  for (const listener of state.immediate ?? []) {
    try {
      listener();
    } catch (error) {
      console.error("Content change listener failed:", error);
    }
  }
  state.timer ??= setTimeout(flush, CONTENT_DEBOUNCE_MS);
}

/** Like onContentChanged, but called for each notification as it arrives (no debounce, no table names). */
export function onContentNotified(listener: () => void): () => void {
  state.immediate ??= new Set();
  state.immediate.add(listener);
  return () => {
    state.immediate?.delete(listener);
  };
}

/** Subscribes this process to content changes made by any process on the same database. */
export async function startContentEvents(handle: DatabaseHandle, log: (message: string) => void = console.log) {
  await stopContentEvents();
  if (!handle.listen) return;
  const generation = state.generation;
  // A notification that arrives after a stop (while UNLISTEN is on its way) is dropped: it must not start a
  // debounce that refreshes caches once nobody listens any more.
  const unlisten = await handle.listen(CONTENT_CHANNEL, (payload) => {
    if (generation === state.generation) received(payload);
  });
  if (generation !== state.generation) {
    await unlisten();
    return;
  }
  state.unlisten = unlisten;
  log(`Listening for content changes (${handle.kind})`);
}

export async function stopContentEvents() {
  state.generation++;
  clearTimeout(state.timer);
  state.timer = undefined;
  state.pending.clear();
  const unlisten = state.unlisten;
  state.unlisten = undefined;
  await unlisten?.();
}

/** Whether this process is subscribed, so a cache may wait for change events instead of expiring soon. */
export function contentEventsListening(): boolean {
  return state.unlisten !== undefined;
}

/** Calls the listener after each (debounced) change to articles, categories or ebooks; returns the unsubscribe. */
export function onContentChanged(listener: Listener): () => void {
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
  };
}
