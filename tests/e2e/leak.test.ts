import { beforeAll, describe, expect, it } from "vitest";
import { getText, signInCookie } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { MARKERS } from "../setup/markers";
import { probeIds } from "../setup/probe-ids";
import { INTENTIONAL_ERRORS, routeProbes, type ProbeIds } from "../setup/route-probes";

// Locked text must never reach someone who has not paid, in any form: page HTML, route data, search, lists,
// feeds, resources. Marker sentences end the locked bodies; a paying subscriber proves they are there. The walk is
// open-world: it takes every route from app/routes.ts (tests/setup/route-probes.ts fails on one it cannot probe).
const viewers: Record<string, string | undefined> = {};
let ids: ProbeIds;

beforeAll(async () => {
  viewers.guest = undefined;
  viewers["signed-in reader without a plan"] = await signInCookie("buyer@nuru.test");
  viewers["expired subscriber"] = await signInCookie("expired@nuru.test");
  viewers["another reader"] = await signInCookie(await newReader("other-pass-1"), "other-pass-1");
  ids = await probeIds();
});

describe("no locked text leaks", () => {
  it.each(["guest", "signed-in reader without a plan", "expired subscriber", "another reader"])(
    "to a %s, on any route",
    async (who) => {
      let probed = 0;
      for (const probe of routeProbes(ids)) {
        for (const path of [...probe.paths, ...probe.dataPaths]) {
          const { status, body } = await getText(path, viewers[who]);
          if (!INTENTIONAL_ERRORS.has(path)) expect(status, `${path} for ${who}`).toBeLessThan(500);
          for (const marker of Object.values(MARKERS)) {
            expect(body.includes(marker), `${marker} leaked on ${path} to ${who}`).toBe(false);
          }
          probed++;
        }
      }
      expect(probed).toBeGreaterThan(60);
    },
  );

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
