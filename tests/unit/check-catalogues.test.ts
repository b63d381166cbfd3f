import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module script without types
import { checkCatalogues, parsePo, placeholders } from "../../scripts/check-catalogues.mjs";

const po = (pairs: [string, string][]) =>
  `msgid ""\nmsgstr ""\n"Language: xx\\n"\n\n` + pairs.map(([id, s]) => `msgid "${id}"\nmsgstr "${s}"\n`).join("\n");

const check = (en: [string, string][], sw: [string, string][]): string[] =>
  checkCatalogues(parsePo(po(en)), parsePo(po(sw))) as string[];

describe("the catalogue check", () => {
  it("passes catalogues that agree, brand names included", () => {
    expect(
      check(
        [
          ["a", "Home"],
          ["b", "M-Pesa"],
          ["c", "KSh 1,500"],
        ],
        [
          ["a", "Mwanzo"],
          ["b", "M-Pesa"],
          ["c", "KSh 1,500"],
        ],
      ),
    ).toEqual([]);
  });
  it("fails on a key missing in either catalogue", () => {
    expect(
      check(
        [
          ["a", "Home"],
          ["b", "Search"],
        ],
        [["a", "Mwanzo"]],
      ),
    ).toEqual(['"b" is missing from the Swahili catalogue']);
    expect(
      check(
        [["a", "Home"]],
        [
          ["a", "Mwanzo"],
          ["z", "Tafuta"],
        ],
      ),
    ).toEqual(['"z" is missing from the English catalogue']);
  });
  it("fails on an empty or untranslated message", () => {
    expect(check([["a", "Home"]], [["a", ""]])).toEqual(['"a" has an empty Swahili translation']);
    expect(check([["a", "Home"]], [["a", "Home"]])).toEqual([
      '"a" is not translated (the Swahili is the English "Home")',
    ]);
  });
  it("fails when the placeholders differ", () => {
    const problems = check(
      [["n", "{count, plural, one {# ebook} other {# ebooks}}"]],
      [["n", "{n, plural, one {kitabu pepe #} other {vitabu pepe #}}"]],
    );
    expect(problems).toEqual(['"n" has placeholders {count} in English but {n} in Swahili']);
  });
  it("reads multi-line PO strings and ICU argument names", () => {
    const parsed = parsePo('msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr ""\n"Habari "\n"{name}"\n') as Map<string, string>;
    expect(parsed.get("a")).toBe("Habari {name}");
    expect(placeholders("{count, plural, one {# of {total}} other {#}} {name}")).toEqual(["count", "name", "total"]);
  });
});
