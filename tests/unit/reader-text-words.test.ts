// Text mode's words (issue 50): the page's script holds its refusal in English and says it from the page's words, so
// the constant it holds must be the catalogue's English, or a Swahili page would show the English.
import { describe, expect, it } from "vitest";
import { islandWords } from "~/lib/i18n/island-words";
import { translator } from "~/lib/i18n/i18n";
import { BLOCKED_MESSAGE } from "~/components/reader/reader-view";

describe("text mode's script words", () => {
  it("says copying is refused, and that it is saving, in Swahili on a Swahili page", () => {
    const words = JSON.parse(islandWords()) as Record<string, string>;
    expect(translator("en")("readerText.blocked")).toBe(BLOCKED_MESSAGE);
    expect(words[BLOCKED_MESSAGE]).toBe(
      "Kitendo kimezuiwa: picha za skrini na uchapishaji haviruhusiwi kwa sababu za usalama",
    );
    expect(words["Saving…"]).toBe("Inahifadhi…");
  });
});
