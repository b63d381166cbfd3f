// An admin's successful change, told to this process's caches at once (issue 46 item 1). Other processes learn of
// content changes from the database's NOTIFY (modules/live/content-events.server.ts); this process clears its guest
// pages and shared public reads before the admin's own answer leaves, so she sees her edit on her next request. Only
// the admin layout's middleware tells, after its guard passed and the action answered with a success or a redirect:
// a request nobody authorised can no longer empty the caches (the old clear ran on any POST to /admin, before the
// guard).
import { singleton } from "./singleton.server";

const listeners = singleton("admin-change-listeners", () => new Set<() => void>());

/** Called after every successful admin change made in this process. */
export function onAdminChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** An admin's change succeeded (the caller has checked she is one). */
export function adminChanged(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      console.error("Admin change listener failed:", error);
    }
  }
}
