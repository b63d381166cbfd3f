// Threat: a signed-in page rendered once per access level (ADR 049) giving one reader another's parts (her name,
// address, offline library key, bookmarks) or another access level's content (a premium body, an ebook she did not
// buy), or being kept by a shared cache; and pages that show her own standing (pricing) or list (bookmarks) ever
// being shared, or a signed-out session still getting a signed-in page.
import { beforeAll, describe, expect, it } from "vitest";
import { newReader, postForm, raw } from "../setup/attacker";
import { signInCookie } from "../setup/http-session";
import { probeIds } from "../setup/probe-ids";
import type { ProbeIds } from "../setup/route-probes";
import { MARKERS } from "../setup/markers";

let ids: ProbeIds;
let subscriber: string;
let buyer: string;
/** Two readers without a plan (one access level), with names and addresses of their own. */
const amani = { name: "Amani Kiprotich", email: "", cookie: "" };
const baraka = { name: "Baraka Njoroge", email: "", cookie: "" };

beforeAll(async () => {
  ids = await probeIds();
  subscriber = await signInCookie("subscriber@nuru.test");
  buyer = await signInCookie("buyer@nuru.test");
  for (const reader of [amani, baraka]) {
    reader.email = await newReader("right-pass-1", reader.name);
    reader.cookie = await signInCookie(reader.email, "right-pass-1");
  }
});

/** The signed-in page as she gets it; always personal, never a guest page, never kept by a shared cache. */
async function page(path: string, cookie: string) {
  const res = await raw(path, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("x-guest-cache")).toBeNull();
  expect(res.headers.get("etag")).toBeNull();
  return res;
}

const ownerOf = (body: string) => /data-owner="([^"]*)"/.exec(body)?.[1];
/** Whether the page's bookmark toggle for an article is on. */
const bookmarkOn = (body: string, id: string) =>
  new RegExp(`value="${id}"/><button type="submit" aria-pressed="true"`).test(body);

describe("signed-in pages rendered once per access level", () => {
  it("give the subscriber and a reader without a plan each her own access and her own name, turn by turn", async () => {
    const readers = [
      { cookie: subscriber, name: "Grace Achieng", email: "subscriber@nuru.test", member: true },
      { cookie: amani.cookie, name: amani.name, email: amani.email, member: false },
    ];
    for (let round = 0; round < 3; round++) {
      for (const path of [`/article/${ids.premium}`, `/article/${ids.subscription}`, "/"]) {
        for (const [i, me] of readers.entries()) {
          const other = readers[1 - i]!;
          const res = await page(path, me.cookie);
          // Served from the render of her access level (kept after the first round).
          if (round > 0) expect(res.headers.get("x-shared-render")).toBe("hit");
          expect(res.body).toContain(me.name);
          expect(res.body).toContain(me.email);
          expect(res.body).not.toContain(other.name);
          expect(res.body).not.toContain(other.email);
          if (path === `/article/${ids.premium}`) expect(res.body.includes(MARKERS.premium)).toBe(me.member);
          if (path === `/article/${ids.subscription}`) expect(res.body.includes(MARKERS.subscription)).toBe(me.member);
          // Nothing of a template is ever sent: no token characters (Unicode private use U+E000-U+E004).
          expect(res.body).not.toMatch(/[\uE000-\uE004]/);
        }
      }
    }
  });

  it("give two readers of one access level one render, each with her own name, offline key and bookmarks", async () => {
    const home = (await page("/", amani.cookie)).body;
    const articleId =
      /name="contentType" value="article"\/><input type="hidden" name="contentId" value="([0-9a-f-]{36})"/.exec(
        home,
      )?.[1];
    expect(articleId).toBeDefined();
    const saved = await postForm(
      "/engagement",
      { intent: "bookmark", contentType: "article", contentId: articleId! },
      { cookie: amani.cookie },
    );
    expect(saved.status).toBeLessThan(400);
    for (let round = 0; round < 2; round++) {
      const mine = await page("/", amani.cookie);
      const theirs = await page("/", baraka.cookie);
      // The same access level: her page came from the render Amani's made (or the other way round).
      expect(theirs.headers.get("x-shared-render")).toBe("hit");
      expect(bookmarkOn(mine.body, articleId!)).toBe(true);
      expect(bookmarkOn(theirs.body, articleId!)).toBe(false);
      expect(mine.body).toContain(`Remove bookmark`);
      expect(mine.body).toContain(amani.name);
      expect(theirs.body).toContain(baraka.name);
      expect(theirs.body).not.toContain(amani.name);
      expect(theirs.body).not.toContain(amani.email);
      expect(mine.body).not.toContain(baraka.name);
      expect(mine.body).not.toContain(baraka.email);
      expect(ownerOf(mine.body)).toMatch(/^[0-9a-f]{24}$/);
      expect(ownerOf(theirs.body)).toMatch(/^[0-9a-f]{24}$/);
      expect(ownerOf(mine.body)).not.toBe(ownerOf(theirs.body));
      // A nonce of her own in the page and in its policy.
      const nonces = [mine, theirs].map((r) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy")!)![1]!);
      expect(nonces[0]).not.toBe(nonces[1]);
      expect(mine.body).toContain(`nonce="${nonces[0]}"`);
      expect(theirs.body).toContain(`nonce="${nonces[1]}"`);
      expect(mine.body).not.toContain(nonces[1]);
    }
    // Taken off again: her next page shows it off (her bookmarks are read for every request).
    await postForm(
      "/engagement",
      { intent: "bookmark", contentType: "article", contentId: articleId! },
      { cookie: amani.cookie },
    );
    expect(bookmarkOn((await page("/", amani.cookie)).body, articleId!)).toBe(false);
  });

  it("give the buyer of an ebook its reading link and another reader its price, turn by turn", async () => {
    const readable = (body: string) =>
      new Set([...body.matchAll(/aria-label="Read Ebook: ([^"]+)"/g)].map((m) => m[1]!));
    // The ebooks only she may read: her purchase (free ones every signed-in reader reads).
    const free = readable((await page("/ebooks", baraka.cookie)).body);
    const bought = [...readable((await page("/ebooks", buyer)).body)].filter((title) => !free.has(title));
    expect(bought.length).toBeGreaterThan(0);
    for (let round = 0; round < 2; round++) {
      const buyerPage = await page("/ebooks", buyer);
      const readerPage = await page("/ebooks", baraka.cookie);
      // Both from renders of their own access levels.
      expect([buyerPage, readerPage].map((r) => r.headers.get("x-shared-render"))).toEqual(["hit", "hit"]);
      for (const title of bought) {
        expect(buyerPage.body.includes(`aria-label="Read Ebook: ${title}"`)).toBe(true);
        expect(readerPage.body.includes(`aria-label="Read Ebook: ${title}"`)).toBe(false);
        expect(readerPage.body.includes(`aria-label="Purchase `)).toBe(true);
      }
      expect(readerPage.body.includes("buyer@nuru.test")).toBe(false);
      expect(buyerPage.body.includes(baraka.email)).toBe(false);
    }
  });

  it("give the buyer an ebook's reading link on its own page and another reader its price, turn by turn", async () => {
    const list = (await page("/ebooks", baraka.cookie)).body;
    const ebookIds = [...new Set([...list.matchAll(/href="\/ebook\/([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
    let bought: string | undefined;
    for (const id of ebookIds) {
      const [mine, theirs] = [
        (await page(`/ebook/${id}`, buyer)).body,
        (await page(`/ebook/${id}`, baraka.cookie)).body,
      ];
      if (mine.includes(`href="/ebook/${id}/read"`) && !theirs.includes(`href="/ebook/${id}/read"`)) bought = id;
    }
    expect(bought).toBeDefined();
    for (let round = 0; round < 2; round++) {
      const buyerPage = await page(`/ebook/${bought}`, buyer);
      const readerPage = await page(`/ebook/${bought}`, baraka.cookie);
      expect([buyerPage, readerPage].map((r) => r.headers.get("x-shared-render"))).toEqual(["hit", "hit"]);
      expect(buyerPage.body).toContain(`href="/ebook/${bought}/read"`);
      expect(buyerPage.body).not.toContain(`href="/checkout/ebook/${bought}"`);
      expect(readerPage.body).not.toContain(`href="/ebook/${bought}/read"`);
      expect(readerPage.body).toContain(`href="/checkout/ebook/${bought}"`);
      expect(buyerPage.body).toContain("Fatuma Hassan");
      expect(buyerPage.body).not.toContain(baraka.name);
      expect(readerPage.body).toContain(baraka.name);
      expect(readerPage.body).not.toContain("buyer@nuru.test");
      expect(readerPage.body).not.toMatch(/[\uE000-\uE004]/);
    }
    // A subscription ebook: the subscriber may take it with her plan, a reader without one is told to join.
    for (let round = 0; round < 2; round++) {
      const member = await page(`/ebook/${ids.lockedEbook}`, subscriber);
      const none = await page(`/ebook/${ids.lockedEbook}`, amani.cookie);
      expect(member.body).toContain("Included in your plan");
      expect(none.body).not.toContain("Included in your plan");
      expect(none.body).toContain("Read it with a plan");
      expect(member.body).not.toContain(amani.name);
      expect(none.body).not.toContain("Grace Achieng");
    }
  });

  it("give two readers of one level the categories and a category from one render, each with her bookmarks", async () => {
    const slug = /href="\/category\/([a-z0-9-]+)"/.exec((await page("/categories", amani.cookie)).body)?.[1];
    expect(slug).toBeDefined();
    const category = (await page(`/category/${slug}`, amani.cookie)).body;
    const articleId =
      /name="contentType" value="article"\/><input type="hidden" name="contentId" value="([0-9a-f-]{36})"/.exec(
        category,
      )?.[1];
    expect(articleId).toBeDefined();
    await postForm(
      "/engagement",
      { intent: "bookmark", contentType: "article", contentId: articleId! },
      { cookie: amani.cookie },
    );
    for (const path of ["/categories", `/category/${slug}`, `/sw/category/${slug}`]) {
      const mine = await page(path, amani.cookie);
      const theirs = await page(path, baraka.cookie);
      expect(theirs.headers.get("x-shared-render")).toBe("hit");
      expect(mine.body).toContain(amani.name);
      expect(theirs.body).toContain(baraka.name);
      expect(theirs.body).not.toContain(amani.name);
      expect(theirs.body).not.toContain(amani.email);
      expect(mine.body).not.toContain(baraka.email);
      if (path !== "/categories") {
        expect(bookmarkOn(mine.body, articleId!)).toBe(true);
        expect(bookmarkOn(theirs.body, articleId!)).toBe(false);
      }
    }
    await postForm(
      "/engagement",
      { intent: "bookmark", contentType: "article", contentId: articleId! },
      { cookie: amani.cookie },
    );
  });

  it("render pricing and bookmarks in full for each reader: her plan, her trial, her upgrade price and her list are hers", async () => {
    // Pricing shows her standing (her plan, when it ends or renews, whether her free trial is used, what her upgrade
    // costs after her credit): none of it is in the access key, so the page is never one render for a level.
    for (let round = 0; round < 2; round++) {
      const member = await page("/pricing", subscriber);
      const none = await page("/pricing", amani.cookie);
      expect(member.headers.get("x-shared-render")).toBeNull();
      expect(none.headers.get("x-shared-render")).toBeNull();
      expect(member.body).toContain("Your plan:");
      expect(none.body).not.toContain("Your plan:");
    }
    const home = (await page("/", amani.cookie)).body;
    const title = /aria-label="Bookmark ([^"]+)"/.exec(home)?.[1];
    const articleId =
      /name="contentType" value="article"\/><input type="hidden" name="contentId" value="([0-9a-f-]{36})"/.exec(
        home,
      )?.[1];
    expect(title && articleId).toBeTruthy();
    await postForm(
      "/engagement",
      { intent: "bookmark", contentType: "article", contentId: articleId! },
      { cookie: amani.cookie },
    );
    for (let round = 0; round < 2; round++) {
      const mine = await page("/bookmarks", amani.cookie);
      const theirs = await page("/bookmarks", baraka.cookie);
      expect(mine.headers.get("x-shared-render")).toBeNull();
      expect(theirs.headers.get("x-shared-render")).toBeNull();
      expect(mine.body).toContain(`/article/${articleId}`);
      expect(theirs.body).not.toContain(`/article/${articleId}`);
    }
    await postForm(
      "/engagement",
      { intent: "bookmark", contentType: "article", contentId: articleId! },
      { cookie: amani.cookie },
    );
  });

  it("never give a signed-in page to a session that was signed out or forged, to HEAD, or to another query", async () => {
    const name = "Chausiku Wekesa";
    const email = await newReader("right-pass-1", name);
    const cookie = await signInCookie(email, "right-pass-1");
    // Her level's page is kept (Amani's and Baraka's level): a hit for her while she is signed in.
    await page("/articles", amani.cookie);
    const signedIn = await page("/articles", cookie);
    expect(signedIn.headers.get("x-shared-render")).toBe("hit");
    expect(signedIn.body).toContain(name);
    // HEAD and a query the page does not read: rendered in full, as before.
    const head = await raw("/articles", { method: "HEAD", cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-shared-render")).toBeNull();
    const utm = await page("/articles?utm_source=whatsapp", cookie);
    expect(utm.headers.get("x-shared-render")).toBeNull();
    expect(utm.body).toContain(name);
    // Signed out: the same cookie no longer names anyone.
    const out = await postForm("/signout", {}, { cookie });
    expect(out.status).toBe(302);
    const after = await raw("/articles", { cookie });
    expect(after.headers.get("x-shared-render")).toBeNull();
    expect(after.body).not.toContain(name);
    expect(after.body).not.toContain(email);
    expect(after.body).not.toMatch(/data-owner="[^"]/);
    expect(after.body).toContain('href="/signin"');
    // A session cookie nobody was given.
    const forged = await raw("/articles", { cookie: "nuru.session_token=forged.c2lnbmF0dXJl" });
    expect(forged.headers.get("x-shared-render")).toBeNull();
    expect(forged.body).not.toContain(amani.name);
  });
});
