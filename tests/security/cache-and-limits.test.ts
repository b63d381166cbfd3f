import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../setup/pages";
import { signInCookie } from "../setup/http-session";
import { raw } from "../setup/attacker";
import { probeIds } from "../setup/probe-ids";
import { routeProbes, type RouteProbe } from "../setup/route-probes";
import { guestCacheAddress, isGuestPageRequest } from "~/lib/guest-page-cache.server";
import { sourceRouteFacts } from "../setup/route-facts";

// Threat: a shared cache (CDN, proxy) keeping one reader's page and serving it to the next visitor, and a
// client exhausting memory with huge bodies or endless streams.

/** Responses that are the same for everyone and may be cached publicly. */
const PUBLIC_PATHS = new Set(["/sitemap.xml", "/rss.xml", "/robots.txt"]);

let probes: RouteProbe[];
let isPublicPage: (path: string) => boolean;
let guestQuery: (path: string) => ReadonlySet<string>;
const viewers: Record<string, string | undefined> = {};

beforeAll(async () => {
  probes = routeProbes(await probeIds());
  ({ isGuestPage: isPublicPage, guestQuery } = await sourceRouteFacts());
  viewers.guest = undefined;
  viewers.reader = await signInCookie("buyer@nuru.test");
  viewers.subscriber = await signInCookie("subscriber@nuru.test");
  viewers.admin = await signInCookie("admin@nuru.test");
});

describe("cache headers", () => {
  it.each(["guest", "reader", "subscriber", "admin"])("keep every page and its data private for a %s", async (who) => {
    for (const probe of probes) {
      for (const path of [...probe.paths, ...probe.dataPaths]) {
        const res = await raw(path, { cookie: viewers[who] });
        const cacheControl = res.headers.get("cache-control") ?? "";
        if (PUBLIC_PATHS.has(path) || path.startsWith("/media/") || path.startsWith("/og/")) continue;
        // A guest's public page (the document, not its data) may be kept briefly: it is the same for every guest
        // of her country (guest-page-cache.test.ts proves nothing personal gets in), unless it carries a query
        // parameter the page does not declare (`/pricing?code=`): never kept, so private.
        const bare = path.split("?")[0]!;
        if (
          who === "guest" &&
          isGuestPageRequest({ method: "GET", path: bare, originalUrl: path, headers: {} }, isPublicPage) &&
          guestCacheAddress(bare, path, guestQuery(bare)) !== null
        ) {
          if (res.status === 200) expect(cacheControl, path).toMatch(/^public, max-age=0, s-maxage=\d+/);
          continue;
        }
        expect(cacheControl, `${path} for ${who}`).toMatch(/\bprivate\b/);
        // A text edition's picture she may see is kept a while by her own browser only (ADR 032); refusals are not.
        if (res.status === 200 && /^\/ebook\/[^/]+\/text\/picture\/\d+$/.test(path)) {
          expect(cacheControl, `${path} for ${who}`).toMatch(/^private, max-age=\d{1,4}$/);
          continue;
        }
        expect(cacheControl, `${path} for ${who}`).toMatch(/\bno-store\b|\bno-cache\b/);
        expect(cacheControl, `${path} for ${who}`).not.toMatch(/\bpublic\b|s-maxage/);
      }
    }
  });

  it("marks a subscriber's article and account page private, no-store (HTML and data)", async () => {
    const ids = await probeIds();
    for (const path of [
      `/article/${ids.premium}`,
      `/article/${ids.premium}.data`,
      "/account",
      "/account.data",
      "/account/data",
      "/account/delete",
      "/account/delete.data",
    ]) {
      const res = await raw(path, { cookie: viewers.subscriber });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});

/** Sends only the head of a request declaring a huge body, and reads what the server answers. */
function headOnly(head: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let answer = "";
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${head.split("\r\n")[0]}`));
    });
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("error", reject);
  });
}

describe("request body limits", () => {
  it("refuses a 300 MB form with 413 before reading it", async () => {
    for (const path of ["/signin", "/engagement", "/account", "/admin/users", "/no-such-page"]) {
      const answer = await headOnly(
        `POST ${path} HTTP/1.1\r\nHost: ${new URL(baseUrl()).host}\r\nOrigin: ${baseUrl()}\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 314572800\r\n\r\nintent=",
      );
      expect(answer.split("\r\n")[0], path).toBe("HTTP/1.1 413 Payload Too Large");
    }
  });

  it("refuses a body of unknown length (chunked) on a form route", async () => {
    const answer = await headOnly(
      `POST /signin HTTP/1.1\r\nHost: ${new URL(baseUrl()).host}\r\nOrigin: ${baseUrl()}\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 411 Length Required");
  });

  it("refuses a sent body just over the limit, and takes one within it", async () => {
    const over = await raw("/signin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=signin&email=a%40b.c&password=${"x".repeat(70_000)}`,
    });
    expect(over.status).toBe(413);
    expect(over.body).toBe("This request is too large.");
    const within = await raw("/signin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=signin&email=a%40b.c&password=${"x".repeat(20_000)}`,
    });
    expect(within.status).toBe(400);
  });
});

describe("each form's body limit fits what the form accepts", () => {
  /** An article's text of `length` characters, with letters that take 2 and 3 bytes in UTF-8 as Swahili text may. */
  const articleText = (length: number) =>
    "Habari za asubuhi, ndugu — karibu Nairobi! é ".repeat(length).slice(0, length);
  const saveArticle = (title: string, content: string) =>
    raw("/admin/articles/new", {
      method: "POST",
      cookie: viewers.admin,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "save",
        title,
        contentMode: "plain",
        content,
        accessType: "free",
      }).toString(),
    });

  it("saves an article of 65,800 characters, beyond the 64 KB other forms get", async () => {
    const title = `Long read ${Date.now()}`;
    const saved = await saveArticle(title, articleText(65_800));
    expect(saved.status, saved.body.slice(0, 300)).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/articles");
    const list = await raw(`/admin/articles?q=${encodeURIComponent(title)}`, { cookie: viewers.admin });
    expect(list.body).toContain(title);
    // Other forms keep the small limit.
    const other = await raw("/admin/users", {
      method: "POST",
      cookie: viewers.admin,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=search&q=${"x".repeat(70_000)}`,
    });
    expect(other.status).toBe(413);
  });

  it("answers an article over the maximum with the form's message and the text sent back", async () => {
    const text = articleText(200_001);
    const refused = await saveArticle(`Too long ${Date.now()}`, text);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("The article can be at most 200,000 characters");
    // The page comes back with the text in the editor (plain mode's textarea), nothing lost.
    expect(refused.body).toContain(text.slice(-2_000).replaceAll("&", "&amp;"));
  });
});

describe("live-refresh streams", () => {
  it("gives one client a few streams, not unlimited", async () => {
    const controllers: AbortController[] = [];
    const statuses: number[] = [];
    try {
      // HEAD requests must not hold slots.
      for (let i = 0; i < 20; i++) {
        const head = await fetch(`${baseUrl()}/api/content-events`, {
          method: "HEAD",
          headers: { "X-Forwarded-For": "10.250.0.1" },
        });
        expect(head.status).toBe(200);
      }
      for (let i = 0; i < 20; i++) {
        const controller = new AbortController();
        controllers.push(controller);
        const res = await fetch(`${baseUrl()}/api/content-events`, {
          signal: controller.signal,
          headers: { "X-Forwarded-For": "10.250.0.1" },
        });
        statuses.push(res.status);
        if (res.status !== 200) await res.text();
      }
    } finally {
      for (const c of controllers) c.abort();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(16);
    expect(statuses.slice(16)).toEqual([429, 429, 429, 429]);
    // Closed streams give their slots back (as soon as the server hears the close).
    const again: AbortController[] = [];
    await expect
      .poll(async () => {
        const controller = new AbortController();
        again.push(controller);
        const res = await fetch(`${baseUrl()}/api/content-events`, {
          signal: controller.signal,
          headers: { "X-Forwarded-For": "10.250.0.1" },
        });
        if (res.status !== 200) await res.text();
        return res.status;
      })
      .toBe(200);
    for (const c of again) c.abort();
  });
});
