import { describe, expect, expectTypeOf, it } from "vitest";
import {
  accessForArticle,
  adminViewer,
  type AdminViewer,
  canDownloadEbook,
  canModerate,
  canReadEbook,
  ebookAccess,
  ebookAllowance,
  guestViewer,
  hasActiveSubscription,
  type AccessType,
  type Viewer,
  type ViewerSubscription,
} from "~/modules/access/policy";

const NOW = new Date("2026-11-21T10:00:00Z");
const DAY = 86_400_000;
const EBOOK = "ebook-1";

function viewer(over: Partial<Viewer> & { role?: "guest" | "subscriber" | "admin" } = {}): Viewer {
  return {
    user: { id: "u1", role: over.role ?? "guest" },
    subscription: null,
    purchasedEbookIds: new Set(),
    unlockedEbookIds: new Set(),
    now: NOW,
    ...over,
  };
}

function sub(
  over: Partial<ViewerSubscription> = {},
  plan: Partial<ViewerSubscription["plan"]> = {},
): ViewerSubscription {
  return {
    id: "s1",
    status: "active",
    endDate: new Date(NOW.getTime() + 30 * DAY),
    ...over,
    plan: { accessLevel: "subscription", ebookLimit: 2, ...plan },
  };
}

/** `count` ebooks (other than EBOOK) this subscription already unlocked. */
function unlocked(count: number): Set<string> {
  return new Set(Array.from({ length: count }, (_, i) => `other-${i}`));
}

// Every viewer kind of the architecture guide, with what it may see of each access type.
const KINDS: Record<
  string,
  { v: Viewer; article: Record<AccessType, "full" | "preview">; ebook: Record<AccessType, string> }
> = {
  guest: {
    v: guestViewer(NOW),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "sign-in", premium: "purchase", subscription: "subscribe" },
  },
  "signed-in reader": {
    v: viewer(),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "subscriber role without a plan": {
    v: viewer({ role: "subscriber" }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "expired subscriber (end date passed)": {
    v: viewer({ subscription: sub({ endDate: new Date(NOW.getTime() - DAY) }) }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "subscription with status expired": {
    v: viewer({ subscription: sub({ status: "expired" }) }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "subscription ending exactly now": {
    v: viewer({ subscription: sub({ endDate: NOW }) }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "active subscription (level subscription), title not unlocked yet": {
    v: viewer({ subscription: sub() }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "unlock", subscription: "unlock" },
  },
  "active subscription that unlocked this title": {
    v: viewer({ subscription: sub(), unlockedEbookIds: new Set([EBOOK]) }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "read", subscription: "read" },
  },
  "active subscription (level premium, unlimited)": {
    v: viewer({
      subscription: sub({ endDate: null }, { accessLevel: "premium", ebookLimit: null }),
      unlockedEbookIds: unlocked(40),
    }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "unlock", subscription: "unlock" },
  },
  "active subscription with its ebook allowance spent": {
    v: viewer({ subscription: sub(), unlockedEbookIds: unlocked(2) }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "renewal cancelled, end date still ahead": {
    v: viewer({ subscription: sub({ status: "cancelled" }) }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "unlock", subscription: "unlock" },
  },
  "renewal cancelled, end date passed": {
    v: viewer({ subscription: sub({ status: "cancelled", endDate: new Date(NOW.getTime() - DAY) }) }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "queued renewal whose start has come (not yet marked active)": {
    v: viewer({ subscription: sub({ status: "scheduled", startDate: new Date(NOW.getTime() - 1000) }) }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "unlock", subscription: "unlock" },
  },
  "queued renewal that starts tomorrow": {
    v: viewer({ subscription: sub({ status: "scheduled", startDate: new Date(NOW.getTime() + DAY) }) }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "subscription with status pending (never paid)": {
    v: viewer({ subscription: sub({ status: "pending" }) }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "purchase", subscription: "subscribe" },
  },
  "new period: an ebook unlocked in an earlier period still reads, and the allowance is fresh": {
    v: viewer({ subscription: sub(), unlockedEbookIds: new Set([EBOOK, "other-0", "other-1"]), ebooksUsed: 0 }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "read", subscription: "read" },
  },
  buyer: {
    v: viewer({ purchasedEbookIds: new Set([EBOOK]) }),
    article: { free: "full", premium: "preview", subscription: "preview" },
    ebook: { free: "read", premium: "read", subscription: "read" },
  },
  admin: {
    v: viewer({ role: "admin" }),
    article: { free: "full", premium: "full", subscription: "full" },
    ebook: { free: "read", premium: "read", subscription: "read" },
  },
};

describe.each(Object.entries(KINDS))("%s", (kind, { v, article, ebook }) => {
  // Admin-only module functions take an AdminViewer: only an admin's viewer becomes one, and a plain Viewer is no
  // AdminViewer to the compiler (typecheck fails if that changes).
  it(`is ${kind === "admin" ? "" : "not "}an admin to the admin screens`, () => {
    expect(adminViewer(v)).toBe(kind === "admin" ? v : null);
    expectTypeOf(v).not.toExtend<AdminViewer>();
  });
  it.each(["free", "premium", "subscription"] as const)("articles of type %s", (accessType) => {
    expect(accessForArticle(v, { accessType })).toBe(article[accessType]);
  });
  it.each(["free", "premium", "subscription"] as const)("ebooks of type %s", (accessType) => {
    expect(ebookAccess(v, { id: EBOOK, accessType })).toBe(ebook[accessType]);
    expect(canReadEbook(v, { id: EBOOK, accessType })).toBe(ebook[accessType] === "read");
  });
});

describe("details", () => {
  it("a spent allowance still opens the ebooks it was spent on", () => {
    const v = viewer({ subscription: sub(), unlockedEbookIds: new Set([EBOOK, "other-0"]) });
    expect(canReadEbook(v, { id: EBOOK, accessType: "subscription" })).toBe(true);
    expect(canReadEbook(v, { id: "other", accessType: "subscription" })).toBe(false);
  });
  it("ebooks used are the unlocks of the subscription: one left offers one more unlock, and only an unlock opens it", () => {
    const oneLeft = viewer({ subscription: sub(), unlockedEbookIds: unlocked(1) });
    expect(ebookAccess(oneLeft, { id: EBOOK, accessType: "premium" })).toBe("unlock");
    expect(canReadEbook(oneLeft, { id: EBOOK, accessType: "premium" })).toBe(false);
    expect(ebookAllowance(oneLeft)).toEqual({ limit: 2, used: 1, left: 1 });
    const noneLeft = viewer({ subscription: sub(), unlockedEbookIds: unlocked(2) });
    expect(ebookAccess(noneLeft, { id: EBOOK, accessType: "premium" })).toBe("purchase");
    expect(ebookAllowance(noneLeft)).toEqual({ limit: 2, used: 2, left: 0 });
    expect(ebookAllowance(viewer({}))).toBeNull();
  });
  it("a subscription without a user is never active", () => {
    expect(hasActiveSubscription({ ...guestViewer(NOW), subscription: sub() })).toBe(false);
  });
  it("downloads need the ebook to be downloadable as well as readable", () => {
    const admin = viewer({ role: "admin" });
    expect(canDownloadEbook(admin, { id: EBOOK, accessType: "free", downloadable: false })).toBe(false);
    expect(canDownloadEbook(admin, { id: EBOOK, accessType: "free", downloadable: true })).toBe(true);
    expect(canDownloadEbook(guestViewer(NOW), { id: EBOOK, accessType: "free", downloadable: true })).toBe(false);
  });
  it("only admins moderate", () => {
    expect(canModerate(viewer({ role: "admin" }))).toBe(true);
    expect(canModerate(viewer({ role: "subscriber", subscription: sub() }))).toBe(false);
  });
});
