import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import {
  CONTENT_DEBOUNCE_MS,
  contentEventsListening,
  onContentChanged,
  startContentEvents,
  stopContentEvents,
  type ContentChange,
} from "~/modules/live/content-events.server";

/** A database handle whose notifications the test delivers by hand, and whose UNLISTEN the test lets finish. */
function fakeHandle() {
  let deliver: (payload: string) => void = () => {};
  let finishUnlisten: () => void = () => {};
  const handle = {
    kind: "postgres",
    listen: async (_channel: string, callback: (payload: string) => void) => {
      deliver = callback;
      return () => new Promise<void>((resolve) => (finishUnlisten = resolve));
    },
  } as unknown as DatabaseHandle;
  return {
    handle,
    notify: (table: string) => deliver(JSON.stringify({ table })),
    finishUnlisten: () => finishUnlisten(),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("content change events", () => {
  it("turn notifications into one debounced change naming the tables", async () => {
    vi.useFakeTimers();
    const db = fakeHandle();
    const changes: ContentChange[] = [];
    const unsubscribe = onContentChanged((change) => changes.push(change));
    await startContentEvents(db.handle, () => {});
    expect(contentEventsListening()).toBe(true);
    db.notify("ebooks");
    db.notify("articles");
    vi.advanceTimersByTime(CONTENT_DEBOUNCE_MS - 1);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes.map((c) => c.tables)).toEqual([["articles", "ebooks"]]);
    const stopping = stopContentEvents();
    db.finishUnlisten();
    await stopping;
    unsubscribe();
  });

  it("drop a notification that arrives while the listener is stopping", async () => {
    vi.useFakeTimers();
    const db = fakeHandle();
    const changes: ContentChange[] = [];
    const unsubscribe = onContentChanged((change) => changes.push(change));
    await startContentEvents(db.handle, () => {});
    const stopping = stopContentEvents();
    expect(contentEventsListening()).toBe(false);
    db.notify("articles"); // still on its way before UNLISTEN took effect
    db.finishUnlisten();
    await stopping;
    vi.advanceTimersByTime(CONTENT_DEBOUNCE_MS * 4);
    expect(changes).toEqual([]);
    unsubscribe();
  });
});
