import { and, eq, isNull, ne, sql, type SQLWrapper } from "drizzle-orm";
import { getDb, type Rows } from "~/db/client.server";
import { runningAt } from "~/modules/membership/grants.server";
import { bookmarks, ebookPurchases, subscriptionEbookUnlocks, subscriptionPlans, userSubscriptions } from "~/db/schema";
import type { BookmarkIds } from "./bookmark-ids";
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

/**
 * One read of a signed-in person: her Viewer, and her bookmarks for the page's cards (they come with the same round
 * trip, issue 14, but stay beside the Viewer: the access policy has no use for them).
 */
export interface ViewerRead {
  viewer: Viewer;
  bookmarks: BookmarkIds;
}

/**
 * Everything the access policy needs about one signed-in person (ViewerRow), in one round trip, for a viewer not read
 * along with the session (checkout's buyer, a session better-auth answered); a page's viewer usually comes with it.
 */
export async function loadViewerRead(user: { id: string; role: Role }, now = new Date()): Promise<ViewerRead> {
  const c = viewerColumns(user.id, now);
  const { rows } = (await getDb().execute(
    sql`select ${c.sub} as sub, ${c.purchased} as purchased, ${c.unlocks} as unlocks, ${c.saved} as saved`,
  )) as unknown as Rows<ViewerRow>;
  return viewerFromRow(user, rows[0], now);
}

/** Her Viewer alone (jobs, checkout, tests): see loadViewerRead. */
export async function loadViewer(user: { id: string; role: Role }, now = new Date()): Promise<Viewer> {
  return (await loadViewerRead(user, now)).viewer;
}

/** The Viewer (and bookmarks) a ViewerRow read at `now` describes. */
export function viewerFromRow(user: { id: string; role: Role }, row: ViewerRow, now: Date): ViewerRead {
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
  const bookmarks = {
    articles: saved.filter(([kind]) => kind === "article").map(([, id]) => id),
    ebooks: saved.filter(([kind]) => kind === "ebook").map(([, id]) => id),
  };
  return { viewer, bookmarks };
}
