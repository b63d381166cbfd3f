// Who asks, once per request (issue 31). The root route's middleware puts a lazy reader of the request's viewer in
// React Router's request context; loaders, actions and the admin layout's guard ask it. Nothing is read until one
// asks, so a page or resource that never needs the viewer (a guest page, an image, the IPN) reads no session, and a
// request without a session cookie asks the database nothing at all.
import { signInHref } from "~/lib/sign-in-href";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { adminChanged } from "~/lib/admin-changes.server";
import type { BookmarkIds } from "./bookmark-ids";
import { adminViewer, type AdminViewer, type Role, type Viewer } from "./policy";

export { loadViewer, loadViewerRead } from "./viewer-row.server";

/** The signed-in person a session names (accounts/session.server.ts reads her). */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
}

/** The viewer of a request: a guest is a viewer too (no user, no bookmarks). */
export interface RequestViewer {
  viewer: Viewer;
  /** The signed-in person behind the viewer (for what names her: the menu, watermarks, stamped copies). */
  user: SessionUser | null;
  /** Her bookmarks, when they came with her viewer (most pages); null otherwise (bookmarksOf reads them). */
  bookmarks: BookmarkIds | null;
}

/** The request's viewer, read the first time someone asks. */
export interface LazyViewer {
  read(): Promise<RequestViewer>;
}

const viewerContext = createContext<LazyViewer>();

/** What a loader, action or middleware is given: the request and React Router's per-request context. */
export interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * Puts the request's (lazy) viewer in its context. The root route's middleware (accounts/request-viewer.server.ts
 * `viewerMiddleware`, which reads the session) calls it, so every route below it has one; access reads no session.
 */
export function setRequestViewer(context: Readonly<RouterContextProvider>, viewer: LazyViewer): void {
  context.set(viewerContext, viewer);
}

/** The request's viewer, the person behind it and her bookmarks. */
export function getRequestViewer(context: Readonly<RouterContextProvider>): Promise<RequestViewer> {
  return context.get(viewerContext).read();
}

/** The Viewer of a request: a guest when nobody is signed in. */
export async function getViewer(context: Readonly<RouterContextProvider>): Promise<Viewer> {
  return (await getRequestViewer(context)).viewer;
}

/** The signed-in person, or null. */
export async function getOptionalUser(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  return (await getRequestViewer(context)).user;
}

/** The signed-in person; anyone else is sent to sign in and brought back here. */
export async function requireUser({ request, context }: RequestArgs): Promise<SessionUser> {
  const user = await getOptionalUser(context);
  if (!user) {
    const url = new URL(request.url);
    // From a Swahili page, the Swahili sign-in page (signInHref).
    throw redirect(signInHref(url.pathname + url.search));
  }
  return user;
}

/**
 * The admin's Viewer, checked: signed out -> /, a reader -> /home. The admin layout's middleware calls it for every
 * admin page, action and resource (adminOf then hands its answer to them); admin module functions take the
 * AdminViewer it returns.
 */
export async function requireAdmin({ context }: Pick<RequestArgs, "context">): Promise<AdminViewer> {
  const { user, viewer } = await getRequestViewer(context);
  if (!user) throw redirect("/");
  const admin = adminViewer(viewer);
  if (!admin) throw redirect("/home");
  return admin;
}

const adminContext = createContext<AdminViewer>();

/**
 * The admin layout's guard: no admin route's loader or action runs for anyone else. A change she made (any method but
 * GET/HEAD) that answered with a success or a redirect is told to this process's caches (lib/admin-changes.server.ts);
 * a refused form (4xx) or a failure changed nothing they hold.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  context.set(adminContext, await requireAdmin({ context }));
  if (request.method === "GET" || request.method === "HEAD") return next();
  const response = await next();
  if (response.status < 400) adminChanged();
  return response;
};

/**
 * The admin the layout's middleware checked. A route outside the admin layout has no guard, and asking here fails
 * (an error, never someone else's data), so an admin route cannot forget the check.
 */
export function adminOf(context: Readonly<RouterContextProvider>): AdminViewer {
  return context.get(adminContext);
}
