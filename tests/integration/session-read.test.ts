// Who is signed in (getOptionalUser): read from better-auth's signed session cookie and one query on most pages
// (issue 14), with better-auth's own answer whenever it would write (an expired session, one due to be extended).
// Cookies come from better-auth's real sign-in; better-auth's getSession is the reference for every case. Pages ask
// through React Router's request context, which the root middleware fills lazily (issue 31): read once per page,
// and not at all when nobody asks.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { appTestDatabase } from "../setup/app-test-database";
import { profiles, sessions, users } from "~/db/schema";
import { getAuth, SESSION_DAYS } from "~/modules/accounts/auth.server";
import {
  getOptionalUser as userOf,
  getRequestViewer,
  getViewer as viewerOf,
  loadViewerRead,
} from "~/modules/access/viewer.server";
import { provideViewer, viewerMiddleware } from "~/modules/accounts/request-viewer.server";
import { appDatabase } from "~/db/client.server";
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

const page = (cookie: string | null, method = "GET") =>
  new Request(`${getEnv().PUBLIC_URL}/`, { method, headers: cookie === null ? {} : { Cookie: cookie } });

/** A request's context as the root middleware leaves it. */
function contextOf(request: Request) {
  const context = new RouterContextProvider();
  provideViewer(context, request);
  return context;
}
const getOptionalUser = (request: Request) => userOf(contextOf(request));
const getViewer = (request: Request) => viewerOf(contextOf(request));

/** Counts the app's database uses (getDb) while `work` runs. */
async function databaseUses(work: () => Promise<unknown>): Promise<number> {
  const handle = appDatabase.handle!;
  let uses = 0;
  appDatabase.handle = Object.create(handle, {
    db: {
      get: () => {
        uses++;
        return handle.db;
      },
    },
  });
  try {
    await work();
  } finally {
    appDatabase.handle = handle;
  }
  return uses;
}

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

    const context = contextOf(page(reader.cookie));
    const { user, viewer, bookmarks: saved } = await getRequestViewer(context);
    expect(user?.id).toBe(reader.id);
    expect(await viewerOf(context)).toBe(viewer);
    expect(viewer.subscription?.id).toBe(running.id);
    expect(viewer.subscription?.id).not.toBe(ended.id);
    const loaded = await loadViewerRead(user!, viewer.now);
    expect(viewer).toEqual(loaded.viewer);
    expect(saved).toEqual({ articles: [], ebooks: [bought.id] });
    expect(loaded.bookmarks).toEqual(saved);

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

  it("reads nothing until someone asks, then once per page however many loaders ask", async () => {
    const reader = await signedInReader();
    const request = page(reader.cookie);
    const context = new RouterContextProvider();
    // The root middleware alone (a resource route that never asks, or a page answered from the guest cache before it
    // reaches React Router) uses no database.
    expect(
      await databaseUses(async () =>
        viewerMiddleware(
          { request, context, params: {}, url: new URL(request.url), pattern: "/" },
          async () => new Response(),
        ),
      ),
    ).toBe(0);
    const asked = await databaseUses(async () => {
      const [user, viewer, again] = await Promise.all([userOf(context), viewerOf(context), getRequestViewer(context)]);
      expect(user?.id).toBe(reader.id);
      expect(again.viewer).toBe(viewer);
    });
    expect(asked).toBe(1);
    expect(await databaseUses(() => viewerOf(context))).toBe(0);
  });

  it("asks the database nothing for a guest: no session cookie, no read", async () => {
    const context = contextOf(page(null));
    expect(await databaseUses(async () => expect((await getRequestViewer(context)).user).toBeNull())).toBe(0);
    expect((await viewerOf(context)).user).toBeNull();
  });

  it("reads afresh each time a form post asks: its action may change what the page after it shows", async () => {
    const reader = await signedInReader();
    const context = contextOf(page(reader.cookie, "POST"));
    expect((await userOf(context))?.id).toBe(reader.id);
    await getAuth().api.signOut({ headers: new Headers({ Cookie: reader.cookie }) });
    expect(await userOf(context)).toBeNull();
  });
});
