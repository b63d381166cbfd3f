// Threat: the guest page cache serving one reader's page (premium body, her name) to another visitor, prices of
// one country to another, a flash message to the next guest, or an old page after an edit.
import { beforeAll, describe, expect, it } from "vitest";
import { newReader, raw, postForm } from "../setup/attacker";
import { signInCookie } from "../setup/http-session";
import { probeIds } from "../setup/probe-ids";
import type { ProbeIds } from "../setup/route-probes";
import { MARKERS } from "../setup/markers";

let ids: ProbeIds;
let subscriber: string;
let admin: string;

beforeAll(async () => {
  ids = await probeIds();
  subscriber = await signInCookie("subscriber@nuru.test");
  admin = await signInCookie("admin@nuru.test");
});

const guest = (path: string, headers: Record<string, string> = {}) => raw(path, { headers });

describe("guest page cache", () => {
  it("serves a guest page again with a strong ETag, and 304 when the browser has it", async () => {
    await guest("/about");
    const second = await guest("/about");
    expect(second.headers.get("x-guest-cache")).toBe("hit");
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get("cache-control")).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(second.headers.get("vary")).toMatch(/Cookie/);
    // The whole page, with a nonce of its own in the policy and in every script.
    expect(second.body.startsWith("<!DOCTYPE html>")).toBe(true);
    const third = await guest("/about");
    // No nonce repeated to every guest: the stored page's inline scripts are allowed by their hashes.
    const policy = second.headers.get("content-security-policy")!;
    expect(policy).not.toMatch(/nonce-/);
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(second.body).not.toMatch(/nonce=/);
    expect(third.body).toBe(second.body);
    expect(third.headers.get("etag")).toBe(second.headers.get("etag"));
    const again = await guest("/about", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it("never gives a subscriber's page to a guest, nor a guest's page to a subscriber", async () => {
    for (const path of [`/article/${ids.premium}`, `/article/${ids.subscription}`]) {
      // Guest first (the cache holds the preview), then the subscriber, then a guest again.
      const before = await guest(path);
      expect(before.body).not.toContain(MARKERS.premium);
      expect(before.body).not.toContain(MARKERS.subscription);
      const member = await raw(path, { cookie: subscriber });
      expect(member.body).toContain(path.endsWith(ids.premium) ? MARKERS.premium : MARKERS.subscription);
      expect(member.body).toContain("subscriber@nuru.test");
      expect(member.headers.get("cache-control")).toBe("private, no-store");
      expect(member.headers.get("x-guest-cache")).toBeNull();
      expect(member.headers.get("etag")).toBeNull();
      const after = await guest(path);
      expect(after.body).not.toContain(MARKERS.premium);
      expect(after.body).not.toContain(MARKERS.subscription);
      expect(after.body).not.toContain("subscriber@nuru.test");
    }
    // Subscriber first on a page no guest asked for yet: the guest still gets the preview.
    const path = `/article/${ids.premium}?from=member-first`;
    expect((await raw(path, { cookie: subscriber })).body).toContain(MARKERS.premium);
    expect((await guest(path)).body).not.toContain(MARKERS.premium);
  });

  it("gates each visitor's list afresh, though the list itself is read once for everyone", async () => {
    // A new reader without a plan (other suites change the demo reader's password and rate-limit her sign-ins).
    const reader = await signInCookie(await newReader(), "right-pass-1");
    const path = "/articles?access=premium";
    for (let round = 0; round < 2; round++) {
      const asGuest = await guest(path);
      expect(asGuest.body).toContain("Login to Read");
      expect(asGuest.body).not.toContain(">Read Article<");
      const asSubscriber = await raw(path, { cookie: subscriber });
      expect(asSubscriber.body).toContain("Read Article");
      expect(asSubscriber.body).not.toContain("Subscribe to Read");
      expect(asSubscriber.body).not.toContain("Login to Read");
      const asReader = await raw(path, { cookie: reader });
      expect(asReader.body).toContain("Subscribe to Read");
      expect(asReader.body).not.toContain(">Read Article<");
    }
  });

  it("keeps a flash message and any other cookie out of the cache", async () => {
    const flashed = await guest("/about", { Cookie: "nuru_flash=anything" });
    expect(flashed.headers.get("x-guest-cache")).toBeNull();
    expect(flashed.headers.get("cache-control")).toBe("private, no-store");
    const unknown = await guest("/about", { Cookie: "something=else" });
    expect(unknown.headers.get("x-guest-cache")).toBeNull();
  });

  it("keeps each country's prices apart", async () => {
    const us = await guest("/pricing", { "cf-ipcountry": "US" });
    const ke = await guest("/pricing");
    const usAgain = await guest("/pricing", { "cf-ipcountry": "US" });
    const chosen = await guest("/pricing", { Cookie: "nuru_country=US" });
    expect(us.body).toContain("≈ $");
    expect(ke.body).not.toContain("≈ $");
    expect(usAgain.body).toContain("≈ $");
    expect(usAgain.headers.get("x-guest-cache")).toBe("hit");
    expect(chosen.body).toContain("≈ $");
    expect(us.headers.get("vary")).toMatch(/cf-ipcountry/i);
  });

  it("drops a cached page within a second of an admin's edit", async () => {
    const name = `Cache Check ${Date.now().toString(36)}`;
    await guest("/");
    expect((await guest("/")).headers.get("x-guest-cache")).toBe("hit");
    const saved = await postForm(
      "/admin/homepage",
      { intent: "testimonial", name, content: "Fresh words.", rating: "5", published: "on" },
      { cookie: admin },
    );
    expect(saved.status).toBe(302);
    // Within the second the spec allows: asked again until then, and failing after it.
    await expect.poll(async () => (await guest("/")).body, { timeout: 1000, interval: 50 }).toContain(name);
  });
});

// Threat (issue 46 item 1): a visitor keeping every guest on the slow path by emptying the cache: a POST to any
// /admin address (the clear used to run before the admin guard), or hundreds of invented query strings.
describe("what a visitor cannot evict", () => {
  const isHit = async (path: string) => (await guest(path)).headers.get("x-guest-cache") === "hit";
  const warm = async (path: string) => {
    await guest(path);
    expect(await isHit(path), path).toBe(true);
  };
  async function inBatches(count: number, request: (i: number) => Promise<unknown>) {
    for (let start = 0; start < count; start += 10)
      await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, i) => request(start + i)));
  }

  it("a POST to /admin from a guest or a reader leaves the guest pages and shared reads in place", async () => {
    const reader = await signInCookie(await newReader(), "right-pass-1");
    await warm("/about");
    for (const cookie of [undefined, reader]) {
      for (const path of ["/admin/homepage", "/admin/orders/anything-at-all", "/admin/nothing-here"]) {
        const posted = await postForm(path, { intent: "testimonial", name: "Nobody" }, { cookie });
        // The guard answers with a redirect away from the admin pages (an address no route has: not found).
        if (path === "/admin/nothing-here") expect(posted.status, path).toBeGreaterThanOrEqual(400);
        else expect(posted.headers.get("location"), path).toMatch(/^\/(home)?$/);
        expect(await isHit("/about"), `${path} posted by ${cookie ? "a reader" : "a guest"}`).toBe(true);
      }
    }
  });

  it("invented query strings bypass the cache, and declared ones never push out the pages", async () => {
    await warm("/about");
    await warm("/articles");
    await warm("/articles?q=sleep");
    // 510 undeclared parameters (more than the whole cache holds): each rendered afresh, none kept.
    await inBatches(510, async (i) => {
      const page = await guest(`/about?utm_${i}=${Math.random().toString(36).slice(2)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("x-guest-cache")).toBeNull();
    });
    expect(await isHit("/about")).toBe(true);
    // Searches are declared (the list reads `q`): kept apart from the pages, a flood evicts only other searches.
    await inBatches(260, (i) => guest(`/articles?q=w${i}x${Math.random().toString(36).slice(2, 6)}`));
    expect(await isHit("/about")).toBe(true);
    expect(await isHit("/articles")).toBe(true);
    // The order of declared parameters does not make another entry.
    await warm("/articles?access=free&q=sleep");
    expect(await isHit("/articles?q=sleep&access=free")).toBe(true);
  }, 120_000);
});

// Signed-in pages are never cached whole, but the public parts they read (an article's row, its approved reviews and
// comments) are kept in memory until content changes; the gate still runs for every reader.
describe("shared reads behind signed-in pages", () => {
  it("never open a locked article to the next reader after a subscriber has read it", async () => {
    const reader = await signInCookie("buyer@nuru.test");
    for (const access of ["premium", "subscription"] as const) {
      const path = `/article/${ids[access]}`;
      expect((await raw(path, { cookie: subscriber })).body).toContain(MARKERS[access]);
      for (const cookie of [reader, undefined]) {
        for (const view of [path, `${path}.data`]) {
          const page = await raw(view, { cookie });
          expect(page.status, view).toBe(200);
          expect(page.body, `${view} for ${cookie ? "a reader without a plan" : "a guest"}`).not.toContain(
            MARKERS[access],
          );
        }
      }
    }
  });

  it("show a comment on a signed-in reader's article page within a second of its approval", async () => {
    const tag = `shared${Date.now().toString(36)}`;
    const email = await newReader("shared-pass-1");
    const commenter = await signInCookie(email, "shared-pass-1");
    const articleId = /href="\/article\/([0-9a-f-]{36})"/.exec((await guest("/articles?access=free")).body)![1];
    const path = `/article/${articleId}`;
    expect((await raw(path, { cookie: subscriber })).body).not.toContain(tag);
    const posted = await postForm(
      "/engagement",
      { intent: "comment", articleId, body: `Walking helped ${tag}` },
      { cookie: commenter },
    );
    expect(posted.status).toBeLessThan(400);
    const queue = (await raw("/admin/moderation?tab=comments", { cookie: admin })).body;
    const id = new RegExp(`${tag}[\\s\\S]*?name="id" value="([0-9a-f-]{36})"`).exec(queue)![1];
    const approved = await postForm(
      "/admin/moderation?tab=comments",
      { intent: "approve", kind: "comment", id },
      {
        cookie: admin,
      },
    );
    expect(approved.status).toBe(302);
    await expect
      .poll(async () => (await raw(path, { cookie: subscriber })).body, { timeout: 1000, interval: 50 })
      .toContain(`Walking helped ${tag}`);
  });
});
