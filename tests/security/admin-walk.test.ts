import { beforeAll, describe, expect, it } from "vitest";
import { signInCookie } from "../setup/http-session";
import { FORM, freshAddress, newReader, raw } from "../setup/attacker";
import { probeIds } from "../setup/probe-ids";
import { routeProbes, type RouteProbe } from "../setup/route-probes";

// Threat: a guest or a reader using the admin area: reading its pages or data, or running its actions by posting
// to them directly. Every admin route is walked, GET and POST, page and data request; a new admin route that
// this list does not know fails the suite until someone adds it here.

const ADMIN_ROUTES = [
  "admin",
  "admin-dashboard",
  "admin/users",
  "admin/moderation",
  "admin/categories",
  "admin/articles",
  "admin/articles/new",
  "admin/articles/:id",
  "admin/ebooks",
  "admin/ebooks/new",
  "admin/ebooks/:id",
  "admin/activity",
  "admin/analytics",
  "admin/analytics/csv",
  "admin/codes",
  "admin/codes/:id",
  "admin/mail",
  "admin/orders",
  "admin/orders/reconciliation",
  "admin/orders/receipts",
  "admin/orders/payment-methods",
  "admin/orders/receipts/csv",
  "admin/orders/:id",
  "admin/plans",
  "admin/plans/new",
  "admin/plans/:id",
  "admin/gifts",
  "admin/homepage",
  "admin/media",
  "admin/media/images",
  "admin/ai-assist",
  "admin/uploads",
].sort();

const WALK_CATEGORY = `Walk ${Date.now()}`;
/** Every admin form's fields at once: whichever action ran would have something to act on. */
const WRITE = new URLSearchParams({
  intent: "create",
  name: WALK_CATEGORY,
  description: "posted by the admin walk",
  isActive: "on",
  role: "admin",
  userId: "00000000-0000-4000-8000-000000000000",
  kind: "review",
  id: "00000000-0000-4000-8000-000000000000",
  mode: "full",
  reason: "posted by the admin walk",
  planId: "00000000-0000-4000-8000-000000000000",
  months: "1",
  businessName: "Walk business",
}).toString();

let adminProbes: RouteProbe[];
const visitors: Record<string, string | undefined> = { guest: undefined };
let readerEmail: string;

beforeAll(async () => {
  adminProbes = routeProbes(await probeIds()).filter((p) => p.pattern.startsWith("admin"));
  const email = await newReader();
  readerEmail = email;
  visitors.reader = await signInCookie(email, "right-pass-1");
  visitors.subscriber = await signInCookie("subscriber@nuru.test");
}, 60_000);

/** Sent away from the admin area (a redirect, or the data-request form of one), or refused outright. */
function expectRefused(res: { status: number; body: string; headers: Headers }, what: string) {
  const location = res.headers.get("location") ?? "";
  const refused =
    ([301, 302, 303, 307, 308].includes(res.status) && !new URL(location, "http://x").pathname.startsWith("/admin")) ||
    (res.status === 202 && res.body.includes('"redirect"') && !res.body.includes('"/admin')) ||
    [400, 403, 404, 405].includes(res.status);
  expect(refused, `${what}: ${res.status} ${location} ${res.body.slice(0, 200)}`).toBe(true);
  expect(res.body, what).not.toContain("admin@nuru.test");
  expect(res.body, what).not.toContain("Admin | Nuru");
}

describe("admin walk", () => {
  it("knows every admin route (a new one must be added here)", () => {
    expect(adminProbes.map((p) => p.pattern).sort()).toEqual(ADMIN_ROUTES);
  });

  it("shows an admin every admin page", async () => {
    const admin = await signInCookie("admin@nuru.test");
    for (const probe of adminProbes.filter((p) => p.dataPaths.length > 0))
      for (const path of probe.paths) {
        const res = await raw(path, { cookie: admin });
        expect(res.status, path).toBe(200);
      }
  });

  for (const who of ["guest", "reader", "subscriber"]) {
    it(`refuses a ${who} every admin page and data request`, async () => {
      for (const probe of adminProbes)
        for (const path of [...probe.paths, ...probe.dataPaths, "/admin/no-such-section", "/admin/users/x/y"]) {
          expectRefused(await raw(path, { cookie: visitors[who], from: freshAddress() }), `${who} GET ${path}`);
        }
    });

    it(`refuses a ${who} every admin action, and nothing changes`, async () => {
      for (const probe of adminProbes)
        for (const path of [...probe.paths, ...probe.dataPaths]) {
          const res = await raw(path, {
            method: "POST",
            cookie: visitors[who],
            from: freshAddress(),
            headers: { "Content-Type": FORM },
            body: WRITE,
          });
          expectRefused(res, `${who} POST ${path}`);
        }
      const categories = await raw("/categories");
      expect(categories.body).not.toContain(WALK_CATEGORY);
    });
  }

  // The data-rights routes (issue 35) act on the signed-in account only: no id in the URL or the form chooses whose
  // data is exported or whose account is deleted, not even for an admin.
  it("gives an admin her own data only, and deletes no account by posting another's details", async () => {
    const admin = await signInCookie("admin@nuru.test");
    const exported = await raw("/account/data", { cookie: admin });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="nuru-my-data-/);
    expect(JSON.parse(exported.body).profile.email).toBe("admin@nuru.test");
    expect(exported.body).not.toContain(readerEmail);
    for (const cookie of [admin, visitors.reader]) {
      const res = await raw("/account/delete", {
        method: "POST",
        cookie,
        from: freshAddress(),
        headers: { "Content-Type": FORM },
        body: `${WRITE}&email=${encodeURIComponent(readerEmail)}&confirm=DELETE`,
      });
      expect(res.status).toBe(400);
    }
    const still = await raw("/account/data", { cookie: visitors.reader });
    expect(JSON.parse(still.body).profile.email).toBe(readerEmail);
    expect((await raw("/account/data", { cookie: admin })).status).toBe(200);
  });
});
