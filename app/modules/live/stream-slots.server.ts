import { singleton } from "~/lib/singleton.server";

/**
 * Live-refresh streams one client address may hold open at once: a few readers behind one carrier address, each
 * with a tab or two. Beyond it the page still works; it just refreshes on the next visit instead of live.
 */
export const STREAMS_PER_CLIENT = 16;
/** Streams one app process holds open at once, over all clients. */
export const STREAMS_PER_PROCESS = 2_000;

const open = singleton("stream-slots", () => ({ total: 0, byClient: new Map<string, number>() }));

/** Takes a slot for one open stream, or null when the client or the process has too many; release() once. */
export function openStreamSlot(client: string): { release(): void } | null {
  const mine = open.byClient.get(client) ?? 0;
  if (mine >= STREAMS_PER_CLIENT || open.total >= STREAMS_PER_PROCESS) return null;
  open.byClient.set(client, mine + 1);
  open.total++;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      open.total--;
      const left = (open.byClient.get(client) ?? 1) - 1;
      if (left > 0) open.byClient.set(client, left);
      else open.byClient.delete(client);
    },
  };
}
