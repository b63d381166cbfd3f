// The access rules of the shop (spec section 6), as pure functions of a Viewer. Every module read
// that returns paid content goes through these; nothing else decides access.

export type AccessType = "free" | "premium" | "subscription";
export type Role = "guest" | "subscriber" | "admin";

export interface ViewerSubscription {
  id: string;
  status: "active" | "pending" | "cancelled" | "expired" | "revoked" | "scheduled";
  /** When the period starts; a renewal paid early starts at the previous period's end. Absent: already started. */
  startDate?: Date;
  endDate: Date | null;
  /** null means unlimited; otherwise at least 1 (a database check). */
  plan: { accessLevel: "premium" | "subscription"; ebookLimit: number | null };
}

export interface Viewer {
  user: { id: string; role: Role } | null;
  /** The newest subscription that may be active; the policy still checks status and end date. */
  subscription: ViewerSubscription | null;
  purchasedEbookIds: ReadonlySet<string>;
  /** Ebooks unlocked with her plans (this period's and earlier paid ones): readable while a plan runs. */
  unlockedEbookIds: ReadonlySet<string>;
  /** Ebooks this period has spent its allowance on; absent means all of unlockedEbookIds. */
  ebooksUsed?: number;
  now: Date;
}

export const GUEST: Viewer = Object.freeze({
  user: null,
  subscription: null,
  purchasedEbookIds: new Set<string>(),
  unlockedEbookIds: new Set<string>(),
  now: new Date(0),
});

export function guestViewer(now = new Date()): Viewer {
  return { ...GUEST, now };
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer.user?.role === "admin";
}

export function canModerate(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

declare const checkedAdmin: unique symbol;

/**
 * A Viewer the server has checked is an admin. Every admin-only module function takes one as its first argument, so
 * the compiler makes each caller get it from the check (requireAdmin in a request, adminViewer elsewhere) rather than
 * each function checking the role at run time.
 */
export type AdminViewer = Viewer & { readonly user: { id: string; role: "admin" }; readonly [checkedAdmin]: true };

/** The viewer as an AdminViewer when she is an admin; null otherwise. The only way to make one. */
export function adminViewer(viewer: Viewer): AdminViewer | null {
  return isAdmin(viewer) ? (viewer as AdminViewer) : null;
}

/** Statuses of a paid (or trial) period that gives access between its start and end dates. */
const RUNNING_STATUSES: ReadonlySet<ViewerSubscription["status"]> = new Set(["active", "cancelled", "scheduled"]);

/**
 * Active: a running period (renewing, renewal cancelled, or a queued renewal whose start has come), started, end
 * date in the future or empty, plan level premium or subscription.
 */
export function hasActiveSubscription(viewer: Viewer): boolean {
  const sub = viewer.subscription;
  if (!viewer.user || !sub || !RUNNING_STATUSES.has(sub.status)) return false;
  // CASE: renewal cancelled -> still active until the end date (cancelling stops renewals only)
  // CASE: a renewal queued behind the current period -> not before its start date
  if (sub.status === "scheduled" && sub.startDate && sub.startDate.getTime() > viewer.now.getTime()) return false;
  // CASE: subscription ended at or before this instant -> not active
  if (sub.endDate !== null && sub.endDate.getTime() <= viewer.now.getTime()) return false;
  return sub.plan.accessLevel === "premium" || sub.plan.accessLevel === "subscription";
}

export function accessForArticle(viewer: Viewer, article: { accessType: AccessType }): "full" | "preview" {
  if (article.accessType === "free") return "full";
  if (isAdmin(viewer)) return "full";
  return hasActiveSubscription(viewer) ? "full" : "preview";
}

/** The active plan's ebook allowance: null limit means unlimited. Null when there is no active subscription. */
export function ebookAllowance(viewer: Viewer): { limit: number | null; used: number; left: number | null } | null {
  if (!hasActiveSubscription(viewer)) return null;
  const limit = viewer.subscription!.plan.ebookLimit;
  const used = viewer.ebooksUsed ?? viewer.unlockedEbookIds.size;
  return { limit, used, left: limit === null ? null : Math.max(limit - used, 0) };
}

export type EbookAccess =
  | "read" // may open the reader
  | "unlock" // an active plan has room: she may spend one of its ebooks on this title (after confirming)
  | "sign-in" // free ebook, reader needs an account
  | "purchase" // premium: buy it (or subscribe)
  | "subscribe"; // subscription-only, or the plan's ebook allowance is spent

export function ebookAccess(viewer: Viewer, ebook: { id: string; accessType: AccessType }): EbookAccess {
  if (!viewer.user)
    return ebook.accessType === "free" ? "sign-in" : ebook.accessType === "premium" ? "purchase" : "subscribe";
  if (ebook.accessType === "free" || isAdmin(viewer)) return "read";
  if (viewer.purchasedEbookIds.has(ebook.id)) return "read";
  const allowance = ebookAllowance(viewer);
  if (allowance) {
    // CASE: a plan reads an ebook only once an unlock is recorded; the unlock is spent on confirmation, never on a view.
    if (viewer.unlockedEbookIds.has(ebook.id)) return "read";
    if (allowance.left === null || allowance.left > 0) return "unlock";
  }
  return ebook.accessType === "premium" ? "purchase" : "subscribe";
}

export function canReadEbook(viewer: Viewer, ebook: { id: string; accessType: AccessType }): boolean {
  return ebookAccess(viewer, ebook) === "read";
}

/** Downloading also needs the ebook to be marked downloadable. */
export function canDownloadEbook(
  viewer: Viewer,
  ebook: { id: string; accessType: AccessType; downloadable: boolean },
): boolean {
  return ebook.downloadable && canReadEbook(viewer, ebook);
}

/**
 * Whether an ebook exists for this viewer: published ones for everyone; a withdrawn (unpublished) one still for the
 * readers who bought or unlocked it, and for admins.
 */
export function ebookVisible(viewer: Viewer, ebook: { id: string; published: boolean }): boolean {
  return (
    ebook.published ||
    isAdmin(viewer) ||
    viewer.purchasedEbookIds.has(ebook.id) ||
    viewer.unlockedEbookIds.has(ebook.id)
  );
}
