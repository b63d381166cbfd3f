import { and, eq, isNull, ne, sql, type SQLWrapper } from "drizzle-orm";
import { runningAt } from "~/modules/membership/grants.server";
import { bookmarks, ebookPurchases, subscriptionEbookUnlocks, subscriptionPlans, userSubscriptions } from "~/db/schema";
import type { BookmarkIds } from "~/modules/engagement/schemas";
import type { Role, Viewer } from "./policy";

/**
 * What the access policy needs about one signed-in person, read from our own rows only: her running period (if
 * any), her purchases, her plan unlocks, and her bookmarks for the page's cards.
 */
export interface ViewerRow {
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

/**
 * The ViewerRow as sub-selects, so it comes in one round trip with whatever row names the person (`userId`: her id,
 * or a column of the outer query, as in the session read). `now` as an ISO string when it is a placeholder.
 */
export function viewerColumns(userId: SQLWrapper | string, now: Date | SQLWrapper) {
  return {
    sub: sql<ViewerRow["sub"]>`(select json_build_object(
        'id', ${userSubscriptions.id}, 'status', ${userSubscriptions.status},
        'startDate', ${userSubscriptions.startDate}, 'endDate', ${userSubscriptions.endDate},
        'accessLevel', ${subscriptionPlans.accessLevel}, 'ebookLimit', ${subscriptionPlans.ebookLimit})
      from ${userSubscriptions}
      join ${subscriptionPlans} on ${eq(subscriptionPlans.id, userSubscriptions.planId)}
      where ${and(eq(userSubscriptions.userId, userId), runningAt(now))}
      order by ${userSubscriptions.startDate} desc
      limit 1)`,
    purchased: sql<ViewerRow["purchased"]>`(select coalesce(json_agg(${ebookPurchases.ebookId}), '[]'::json)
      from ${ebookPurchases}
      where ${and(eq(ebookPurchases.userId, userId), isNull(ebookPurchases.revokedAt))})`,
    unlocks: sql<ViewerRow["unlocks"]>`(select coalesce(json_agg(json_build_array(
        ${subscriptionEbookUnlocks.ebookId}, ${subscriptionEbookUnlocks.subscriptionId})), '[]'::json)
      from ${subscriptionEbookUnlocks}
      join ${userSubscriptions} on ${eq(userSubscriptions.id, subscriptionEbookUnlocks.subscriptionId)}
      where ${and(eq(subscriptionEbookUnlocks.userId, userId), ne(userSubscriptions.status, "revoked"))})`,
    saved: sql<ViewerRow["saved"]>`(select coalesce(json_agg(json_build_array(
        ${bookmarks.contentType}, ${bookmarks.contentId})), '[]'::json)
      from ${bookmarks}
      where ${eq(bookmarks.userId, userId)})`,
  };
}

// Her bookmarks come with the viewer read (one round trip fewer on every page with cards, issue 14); kept beside the
// Viewer rather than in it, since the access policy has no use for them.
const bookmarksByViewer = new WeakMap<Viewer, BookmarkIds>();

/** The bookmarks read along with this viewer, if it came from a ViewerRow. */
export function bookmarksReadWith(viewer: Viewer): BookmarkIds | undefined {
  return bookmarksByViewer.get(viewer);
}

/** The Viewer a ViewerRow read at `now` describes. */
export function viewerFromRow(user: { id: string; role: Role }, row: ViewerRow, now: Date): Viewer {
  const { sub, purchased, unlocks: allUnlocks, saved } = row;
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
