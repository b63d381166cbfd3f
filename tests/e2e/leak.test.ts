import { beforeAll, describe, expect, it } from "vitest";
import { getText, signInCookie } from "../setup/http-session";
import { MARKERS, MARKER_TITLES } from "../setup/markers";

// Locked text must never reach someone who has not paid, in any form: page HTML, route data,
// search, lists, feeds. Marker sentences end the locked bodies; a paying subscriber proves they are there.
const viewers: Record<string, string | undefined> = {};
let ids: { premium: string; subscription: string };

async function findId(title: string, cookie?: string): Promise<string> {
  const { body } = await getText(`/articles?q=${encodeURIComponent(title.split(" (")[0])}`, cookie);
  const match = new RegExp(`href="/article/([0-9a-f-]{36})"[^>]*>${title.replace(/[()]/g, "\\$&")}`).exec(body);
  if (!match) throw new Error(`Article "${title}" not listed`);
  return match[1];
}

beforeAll(async () => {
  viewers.guest = undefined;
  viewers["signed-in reader without a plan"] = await signInCookie("buyer@nuru.test");
  viewers["expired subscriber"] = await signInCookie("expired@nuru.test");
  ids = { premium: await findId(MARKER_TITLES.premium), subscription: await findId(MARKER_TITLES.subscription) };
});

function routesToProbe() {
  const q = encodeURIComponent("LEAKMARK");
  return [
    "/",
    "/home",
    `/?q=${q}`,
    "/articles",
    `/articles?q=${q}`,
    "/articles?access=premium",
    "/articles?access=subscription",
    `/article/${ids.premium}`,
    `/article/${ids.subscription}`,
    `/article/${ids.premium}.data`,
    `/article/${ids.subscription}.data`,
    "/articles.data",
    `/articles.data?q=${q}`,
    "/_.data",
    `/_.data?q=${q}`,
    "/home.data",
    "/categories",
    "/category/weight-loss",
    "/category/weight-loss.data",
    "/ebooks",
    "/ebooks.data",
    "/bookmarks",
    "/sitemap.xml",
    "/rss.xml",
  ];
}

describe("no locked text leaks", () => {
  it.each(["guest", "signed-in reader without a plan", "expired subscriber"])("to a %s", async (who) => {
    for (const path of routesToProbe()) {
      const { status, body } = await getText(path, viewers[who]);
      expect(status, `${path} for ${who}`).toBe(200);
      for (const marker of Object.values(MARKERS)) {
        expect(body.includes(marker), `${marker} leaked on ${path} to ${who}`).toBe(false);
      }
    }
  });

  it("shows the locked article's title and preview, with the paywall", async () => {
    const { status, body } = await getText(`/article/${ids.premium}`);
    expect(status).toBe(200);
    expect(body).toContain("Full content locked");
    expect(body).toContain("A gentle evening walking plan for busy weeks.");
    expect(body).toContain('"isAccessibleForFree":false');
  });

  it("does show the full text to an active subscriber (the markers are really there)", async () => {
    const cookie = await signInCookie("subscriber@nuru.test");
    for (const access of ["premium", "subscription"] as const) {
      const { body } = await getText(`/article/${ids[access]}`, cookie);
      expect(body).toContain(MARKERS[access]);
      expect(body).not.toContain("Full content locked");
    }
    // Drafts stay hidden from everyone but the admin screens.
    const draftSearch = await getText(`/articles?q=${encodeURIComponent("Unpublished draft")}`, cookie);
    expect(draftSearch.body).not.toContain(MARKERS.draft);
  });

  it("answers 404 for unknown and unpublished content", async () => {
    expect((await getText("/article/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await getText("/article/not-an-id")).status).toBe(404);
    expect((await getText("/ebook/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });
});
