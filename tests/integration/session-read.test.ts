// Who is signed in (getOptionalUser): read from better-auth's signed session cookie and one query on most pages
// (issue 14), with better-auth's own answer whenever it would write (an expired session, one due to be extended).
// Cookies come from better-auth's real sign-in; better-auth's getSession is the reference for every case.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { appTestDatabase } from "../setup/app-test-database";
import { profiles, sessions, users } from "~/db/schema";
import { getAuth, SESSION_DAYS } from "~/modules/accounts/auth.server";
import { getOptionalUser, viewerReadWith } from "~/modules/accounts/session.server";
import { getViewer, loadViewer } from "~/modules/access/viewer.server";
import { bookmarksReadWith } from "~/modules/access/viewer-row.server";
import { bookmarks, userSubscriptions } from "~/db/schema";
import { createEbook, createPlan, createPurchase, createSubscription } from "~/db/seed/factories";
import { getEnv } from "~/lib/env.server";

const target = process.env.DB_TARGET === "postgres" ? "postgres" : "pglite";
const { db } = appTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "session-pass-1";

/** A confirmed reader signed in through better-auth: her id and the session cookie as a browser would send it. */
async function signedInReader(fullName = "Wanjiru Kamau") {
  const auth = getAuth();
  const email = `session-${randomUUID()}@nuru.test`;
  await auth.api.signUpEmail({ body: { email, password: PASSWORD, name: fullName } });
  await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const response = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
  expect(response.ok).toBe(true);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { id: user.id, email, cookie };
}

const page = (cookie: string | null) =>
  new Request(`${getEnv().PUBLIC_URL}/`, { headers: cookie === null ? {} : { Cookie: cookie } });

const betterAuthSays = async (cookie: string) =>
  (await getAuth().api.getSession({ headers: new Headers({ Cookie: cookie }) }))?.user.id ?? null;

const sessionOf = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId)))[0];

describe(`who is signed in (${target})`, () => {
  it("names the reader with her profile, without asking better-auth", async () => {
    const reader = await signedInReader();
    await db().update(profiles).set({ fullName: "Wanjiru K.", role: "subscriber" }).where(eq(profiles.id, reader.id));
    const asked = vi.spyOn(getAuth().api, "getSession");
    try {
      expect(await getOptionalUser(page(reader.cookie))).toEqual({
        id: reader.id,
        email: reader.email,
        fullName: "Wanjiru K.",
        role: "subscriber",
      });
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
    expect(await betterAuthSays(reader.cookie)).toBe(reader.id);
  });

  it("takes her account name and the guest role when she has no profile row", async () => {
    const reader = await signedInReader("Achieng Otieno");
    await db().delete(profiles).where(eq(profiles.id, reader.id));
    expect(await getOptionalUser(page(reader.cookie))).toMatchObject({ fullName: "Achieng Otieno", role: "guest" });
  });

  it("knows nobody for a missing, unsigned, re-signed or foreign cookie, as better-auth does", async () => {
    const reader = await signedInReader();
    const [name, value] = reader.cookie.split("=");
    const token = decodeURIComponent(value).split(".")[0];
    const forged = [
      `${name}=${encodeURIComponent(token)}`,
      `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`,
      // Another token under her signature (the last character changed: to "x", or to "y" when it was an "x").
      `${name}=${encodeURIComponent(`${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}.${decodeURIComponent(value).split(".")[1]}`)}`,
      `${name}=%E0%A4%A`,
      `other.session_token=${value}`,
    ];
    expect(await getOptionalUser(page(null))).toBeNull();
    for (const cookie of forged) {
      expect(await getOptionalUser(page(cookie)), cookie).toBeNull();
      expect(await betterAuthSays(cookie), cookie).toBeNull();
    }
    // The first cookie of that name counts, as in better-auth's parser.
    expect(await getOptionalUser(page(`${forged[1]}; ${reader.cookie}`))).toBeNull();
    expect((await getOptionalUser(page(`${reader.cookie}; ${forged[1]}`)))?.id).toBe(reader.id);
  });

  it("knows nobody once she has signed out", async () => {
    const reader = await signedInReader();
    await getAuth().api.signOut({ headers: new Headers({ Cookie: reader.cookie }) });
    expect(await sessionOf(reader.id)).toBeUndefined();
    expect(await getOptionalUser(page(reader.cookie))).toBeNull();
  });

  it("brings her Viewer along: the same plan, purchases and bookmarks loadViewer reads", async () => {
    const reader = await signedInReader();
    const plan = await createPlan(db(), { slug: `session-${randomUUID()}`, name: "Standard", priceCents: 50000 });
    const ended = await createSubscription(db(), {
      userId: reader.id,
      planId: plan.id,
      startDate: new Date(Date.now() - 90 * DAY),
      endDate: new Date(Date.now() - 30 * DAY),
      status: "expired",
    });
    const running = await createSubscription(db(), {
      userId: reader.id,
      planId: plan.id,
      startDate: new Date(Date.now() - DAY),
      endDate: new Date(Date.now() + 30 * DAY),
      status: "active",
    });
    const bought = await createEbook(db(), { accessType: "premium", priceCents: 90000 });
    await createPurchase(db(), { userId: reader.id, ebookId: bought.id });
    await db().insert(bookmarks).values({ userId: reader.id, contentType: "ebook", contentId: bought.id });

    const request = page(reader.cookie);
    const user = await getOptionalUser(request);
    const viewer = user && viewerReadWith(user);
    expect(viewer).toBeDefined();
    expect(await getViewer(request)).toBe(viewer);
    expect(viewer!.subscription?.id).toBe(running.id);
    expect(viewer!.subscription?.id).not.toBe(ended.id);
    const loaded = await loadViewer(user!, viewer!.now);
    expect(viewer).toEqual(loaded);
    expect(bookmarksReadWith(viewer!)).toEqual({ articles: [], ebooks: [bought.id] });

    // A period whose end has passed gives nothing on the next page, before any job marks it expired: the read
    // compares with the time of the request.
    await db()
      .update(userSubscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(userSubscriptions.id, running.id));
    expect((await getViewer(page(reader.cookie))).subscription).toBeNull();
  });

  it("lets better-auth end an expired session: nobody, and the session row is gone", async () => {
    const reader = await signedInReader();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, reader.id));
    expect(await getOptionalUser(page(reader.cookie))).toBeNull();
    expect(await sessionOf(reader.id)).toBeUndefined();
  });

  it("lets better-auth extend a session a day old, and reads the extended one itself", async () => {
    const reader = await signedInReader();
    const dayOld = new Date(Date.now() + SESSION_DAYS * DAY - DAY - 60_000);
    await db().update(sessions).set({ expiresAt: dayOld }).where(eq(sessions.userId, reader.id));
    expect((await getOptionalUser(page(reader.cookie)))?.id).toBe(reader.id);
    const extended = (await sessionOf(reader.id)).expiresAt.getTime();
    expect(extended).toBeGreaterThan(Date.now() + SESSION_DAYS * DAY - 60_000);

    const asked = vi.spyOn(getAuth().api, "getSession");
    try {
      expect((await getOptionalUser(page(reader.cookie)))?.id).toBe(reader.id);
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
  });
});
