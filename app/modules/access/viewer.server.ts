import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { redirect } from "react-router";
import { oncePerRequest } from "~/lib/once-per-request.server";
import {
  getOptionalUser,
  requireAdminUser,
  viewerReadWith,
  PROFILE_TIMEOUT_MS,
  ProfileTimeoutError,
  withTimeout,
  type SessionUser,
} from "~/modules/accounts/session.server";
import { viewerColumns, viewerFromRow, type ViewerRow } from "./viewer-row.server";
import { guestViewer, isAdmin, type Role, type Viewer } from "./policy";

/**
 * Everything the access policy needs about one signed-in person (ViewerRow), in one round trip, for a viewer not read
 * along with the session (checkout's buyer, a session better-auth answered); a page's viewer usually comes with it.
 */
export async function loadViewer(user: { id: string; role: Role }, now = new Date()): Promise<Viewer> {
  const c = viewerColumns(user.id, now);
  const { rows } = (await getDb().execute(
    sql`select ${c.sub} as sub, ${c.purchased} as purchased, ${c.unlocks} as unlocks, ${c.saved} as saved`,
  )) as unknown as { rows: ViewerRow[] };
  return viewerFromRow(user, rows[0], now);
}

/**
 * The Viewer of a request: a guest when nobody is signed in. Subscription and purchase reads give up after
 * 10 s (spec); the reader then gets previews (failing closed) rather than an endless wait.
 */
export async function getViewer(request: Request): Promise<Viewer> {
  return (await getViewerAndUser(request)).viewer;
}

const viewersByRequest = new WeakMap<Request, Promise<{ viewer: Viewer; user: SessionUser | null }>>();

/** The Viewer and the signed-in person behind it (for what names her: watermarks, stamped copies). */
export function getViewerAndUser(request: Request): Promise<{ viewer: Viewer; user: SessionUser | null }> {
  return oncePerRequest(viewersByRequest, request, () => readViewerAndUser(request));
}

async function readViewerAndUser(request: Request): Promise<{ viewer: Viewer; user: SessionUser | null }> {
  const user = await getOptionalUser(request);
  if (!user) return { viewer: guestViewer(), user: null };
  const readWithSession = viewerReadWith(user);
  if (readWithSession) return { viewer: readWithSession, user };
  try {
    return { viewer: await withTimeout(loadViewer(user), PROFILE_TIMEOUT_MS), user };
  } catch (error) {
    if (!(error instanceof ProfileTimeoutError)) throw error;
    console.error(`Subscription read timed out for user ${user.id}; showing previews`);
    return { viewer: { ...guestViewer(), user: { id: user.id, role: user.role } }, user };
  }
}

/**
 * Every admin loader and action starts here: signed out -> /, a reader -> /home (requireAdminUser), and the admin's
 * Viewer, which admin module functions take and check with the policy.
 */
export async function requireAdmin(request: Request): Promise<Viewer> {
  const user = await requireAdminUser(request);
  const viewer = viewerReadWith(user) ?? (await loadViewer(user));
  if (!isAdmin(viewer)) throw redirect("/home");
  return viewer;
}
