import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { runningAt } from "~/modules/commerce/grants.server";
import { getDb } from "~/db/client.server";
import { bookmarks, ebookPurchases, subscriptionEbookUnlocks, subscriptionPlans, userSubscriptions } from "~/db/schema";
import { redirect } from "react-router";
import { oncePerRequest } from "~/lib/once-per-request.server";
import {
  getOptionalUser,
  requireAdminUser,
  PROFILE_TIMEOUT_MS,
  ProfileTimeoutError,
  withTimeout,
  type SessionUser,
} from "~/modules/accounts/session.server";
import type { BookmarkIds } from "~/modules/engagement/schemas";
import { guestViewer, isAdmin, type Role, type Viewer } from "./policy";

/**
 * The row the one viewer query returns: her running period (if any), her purchases, her plan unlocks and her
 * bookmarks.
 */
interface ViewerRow {
  sub: {
    id: string;
    status: NonNullable<Viewer["subscription"]>["status"];
    startDate: string;
    endDate: string | null;
    accessLevel: NonNullable<Viewer["subscription"]>["plan"]["accessLevel"];
    ebookLimit: number | null;
  } | null;
  purchased: string[];
  /** [ebookId, subscriptionId] pairs. */
  unlocks: [string, string][];
  /** [contentType, contentId] pairs. */
  saved: ["article" | "ebook", string][];
}

// Her bookmarks come with the viewer read (one round trip fewer on every page with cards, issue 14); kept beside the
// Viewer rather than in it, since the access policy has no use for them.
const bookmarksByViewer = new WeakMap<Viewer, BookmarkIds>();

/** The bookmarks read along with this viewer, if it came from loadViewer. */
export function bookmarksReadWith(viewer: Viewer): BookmarkIds | undefined {
  return bookmarksByViewer.get(viewer);
}

/**
 * Everything the access policy needs about one signed-in person, read from our own rows only, in one round trip
 * (sub-selects: every signed-in page asks, issue 14), with her bookmarks for the page's cards (bookmarksReadWith).
 */
export async function loadViewer(user: { id: string; role: Role }, now = new Date()): Promise<Viewer> {
  const { rows } = (await getDb().execute(sql`select
    (select json_build_object(
        'id', ${userSubscriptions.id}, 'status', ${userSubscriptions.status},
        'startDate', ${userSubscriptions.startDate}, 'endDate', ${userSubscriptions.endDate},
        'accessLevel', ${subscriptionPlans.accessLevel}, 'ebookLimit', ${subscriptionPlans.ebookLimit})
      from ${userSubscriptions}
      join ${subscriptionPlans} on ${eq(subscriptionPlans.id, userSubscriptions.planId)}
      where ${and(eq(userSubscriptions.userId, user.id), runningAt(now))}
      order by ${userSubscriptions.startDate} desc
      limit 1) as sub,
    (select coalesce(json_agg(${ebookPurchases.ebookId}), '[]'::json)
      from ${ebookPurchases}
      where ${and(eq(ebookPurchases.userId, user.id), isNull(ebookPurchases.revokedAt))}) as purchased,
    (select coalesce(json_agg(json_build_array(${subscriptionEbookUnlocks.ebookId}, ${subscriptionEbookUnlocks.subscriptionId})), '[]'::json)
      from ${subscriptionEbookUnlocks}
      join ${userSubscriptions} on ${eq(userSubscriptions.id, subscriptionEbookUnlocks.subscriptionId)}
      where ${and(eq(subscriptionEbookUnlocks.userId, user.id), ne(userSubscriptions.status, "revoked"))}) as unlocks,
    (select coalesce(json_agg(json_build_array(${bookmarks.contentType}, ${bookmarks.contentId})), '[]'::json)
      from ${bookmarks}
      where ${eq(bookmarks.userId, user.id)}) as saved`)) as unknown as {
    rows: ViewerRow[];
  };
  const { sub, purchased, unlocks: allUnlocks, saved } = rows[0];
  // The period that gives access now: renewing, renewal cancelled (until its end), or a queued renewal whose start
  // has come before the expiry job marked it active (runningAt). The policy checks status and dates again.
  // Each period has its own allowance; ebooks unlocked in her earlier periods (not revoked ones) stay readable
  // while a plan runs, and only then.
  const unlocks = sub ? allUnlocks : [];
  const viewer: Viewer = {
    user: { id: user.id, role: user.role },
    subscription: sub
      ? {
          id: sub.id,
          status: sub.status,
          startDate: new Date(sub.startDate),
          endDate: sub.endDate === null ? null : new Date(sub.endDate),
          plan: { accessLevel: sub.accessLevel, ebookLimit: sub.ebookLimit },
        }
      : null,
    purchasedEbookIds: new Set(purchased),
    unlockedEbookIds: new Set(unlocks.map(([ebookId]) => ebookId)),
    ebooksUsed: unlocks.filter(([, subscriptionId]) => subscriptionId === sub?.id).length,
    now,
  };
  bookmarksByViewer.set(viewer, {
    articles: saved.filter(([kind]) => kind === "article").map(([, id]) => id),
    ebooks: saved.filter(([kind]) => kind === "ebook").map(([, id]) => id),
  });
  return viewer;
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
  const viewer = await loadViewer(user);
  if (!isAdmin(viewer)) throw redirect("/home");
  return viewer;
}
