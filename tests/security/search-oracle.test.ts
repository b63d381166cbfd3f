import { describe, expect, it } from "vitest";
import { getText, signInCookie } from "../setup/http-session";
import { MARKER_TITLES } from "../setup/markers";

// Threat: recovering locked text by searching for words and watching which articles come back. Search looks only
// at text every guest may see (title, meta description, excerpt; a body only for free articles).

/** Words from the opening of the locked marker bodies, which guests never see (they get the excerpt). */
const HIDDEN_PHRASES = ["ten minutes around the estate", "walking after supper", "support your arches"];

describe("search reveals nothing locked", () => {
  it.each([
    ["guest", undefined],
    ["reader without a plan", "buyer@nuru.test"],
    ["expired subscriber", "expired@nuru.test"],
  ])("for a %s", async (_who, email) => {
    const cookie = email ? await signInCookie(email) : undefined;
    for (const phrase of HIDDEN_PHRASES) {
      for (const path of [`/articles?q=${encodeURIComponent(phrase)}`, `/?q=${encodeURIComponent(phrase)}`]) {
        const { body } = await getText(path, cookie);
        for (const title of Object.values(MARKER_TITLES)) expect(body, `${path}`).not.toContain(title);
      }
    }
  });

  it("still finds a locked article by its public words", async () => {
    const { body } = await getText(`/articles?q=${encodeURIComponent("gentle evening walking plan")}`);
    expect(body).toContain(MARKER_TITLES.premium);
  });
});
