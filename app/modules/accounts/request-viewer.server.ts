// The request's viewer is read here, where the session is (issue 31, issue 47 item 5): the root route's middleware
// puts a lazy reader of it in React Router's request context (access/viewer.server.ts), and loaders, actions and the
// admin layout's guard ask it there. Nothing is read until one asks, so a page or resource that never needs the viewer
// (a guest page, an image, the IPN) reads no session, and a request without a session cookie asks the database nothing.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { isAppError } from "~/lib/app-error";
import { templateViewer } from "~/lib/shared-render.server";
import { guestViewer } from "~/modules/access/policy";
import { loadViewerRead } from "~/modules/access/viewer-row.server";
import { setRequestViewer, type LazyViewer, type RequestViewer } from "~/modules/access/viewer.server";
import { ACCOUNT_ERRORS } from "./account-errors";
import { PROFILE_TIMEOUT_MS, readSession, withTimeout } from "./session.server";

/**
 * Puts the request's (lazy) viewer in its context: the root route's middleware, so every route below it has one.
 * Tests call it on a context of their own.
 */
export function provideViewer(context: Readonly<RouterContextProvider>, request: Request): void {
  setRequestViewer(context, lazyViewer(request));
}

export const viewerMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  provideViewer(context, request);
};

function lazyViewer(request: Request): LazyViewer {
  // A page (GET, HEAD) reads once, however many loaders ask. A form post reads each time it is asked: its action may
  // change what the loaders rendering after it must see (a bookmark, a purchase, a sign-out).
  const once = request.method === "GET" || request.method === "HEAD";
  let pending: Promise<RequestViewer> | undefined;
  // A page rendered once for an access level (ADR 049) is rendered for the stand-in reader its scope holds, never for
  // the person whose request started it.
  const standIn = templateViewer<RequestViewer>();
  if (standIn) return { read: () => Promise.resolve(standIn) };
  return {
    read() {
      if (!once) return readViewer(request);
      if (!pending) {
        pending = readViewer(request);
        // A failed read (a timeout) is not kept: the next loader tries again.
        pending.catch(() => (pending = undefined));
      }
      return pending;
    },
  };
}

/**
 * Subscription and purchase reads give up after 10 s (spec); the reader then gets previews (failing closed) rather
 * than an endless wait. A profile read that times out rejects with PROFILE_TIMEOUT (the shell says so).
 */
export async function readViewer(request: Request): Promise<RequestViewer> {
  const session = await readSession(request);
  if (!session) return { viewer: guestViewer(), user: null, bookmarks: null };
  const { user } = session;
  if (session.read) return { ...session.read, user };
  try {
    return { ...(await withTimeout(loadViewerRead(user), PROFILE_TIMEOUT_MS)), user };
  } catch (error) {
    if (!isAppError(error, ACCOUNT_ERRORS.PROFILE_TIMEOUT)) throw error;
    console.error(`Subscription read timed out for user ${user.id}; showing previews`);
    return { viewer: { ...guestViewer(), user: { id: user.id, role: user.role } }, user, bookmarks: null };
  }
}
