// What a signed-in reader's pages may depend on of her access, and nothing else (ADR 049): pages rendered once per
// access level are keyed by `accessKey` and rendered for `standInViewer`, a viewer with exactly that access and no
// identity. Every access decision (policy.ts) gives the same answer for the stand-in as for her, and two readers with
// the same key get the same answers.
import { ebookAllowance, hasActiveSubscription, type Viewer } from "./policy";

/** An account id no one has: reads by the stand-in's id find nothing of anyone's. */
export const STAND_IN_USER_ID = "00000000-0000-4000-8000-000000000000";

/**
 * Her access as the policy decides it: role, whether a plan runs now (its level and ebook allowance), and the ebooks
 * she bought or unlocked. A plan's dates and id are not in it: the policy only asks whether it runs at this instant.
 */
export function accessKey(viewer: Viewer): string {
  const running = hasActiveSubscription(viewer) ? viewer.subscription!.plan : null;
  const allowance = ebookAllowance(viewer);
  return JSON.stringify([
    viewer.user?.role ?? null,
    running ? [running.accessLevel, running.ebookLimit] : null,
    allowance ? allowance.used : null,
    [...viewer.purchasedEbookIds].sort(),
    [...viewer.unlockedEbookIds].sort(),
  ]);
}

/** A viewer with her access and none of her identity: what a page shared by her access level is rendered for. */
export function standInViewer(viewer: Viewer): Viewer {
  if (!viewer.user) throw new Error("standInViewer: a signed-in viewer only");
  const running = hasActiveSubscription(viewer) ? viewer.subscription!.plan : null;
  const allowance = ebookAllowance(viewer);
  return {
    user: { id: STAND_IN_USER_ID, role: viewer.user.role },
    // CASE: a plan that does not run now (ended, not started, revoked) decides nothing: the same as none.
    subscription: running
      ? {
          id: STAND_IN_USER_ID,
          status: "active",
          endDate: null,
          plan: { accessLevel: running.accessLevel, ebookLimit: running.ebookLimit },
        }
      : null,
    purchasedEbookIds: new Set(viewer.purchasedEbookIds),
    unlockedEbookIds: new Set(viewer.unlockedEbookIds),
    ...(allowance ? { ebooksUsed: allowance.used } : {}),
    now: viewer.now,
  };
}
