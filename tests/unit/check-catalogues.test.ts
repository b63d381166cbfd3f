import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checkCatalogues,
  checkGlossary,
  glossaryTerms,
  parsePo,
  placeholders,
  readCatalogue,
  // @ts-expect-error -- a plain ES module script without types
} from "../../scripts/check-catalogues.mjs";

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

describe("the glossary (docs/glossary-sw.md)", () => {
  const glossary = glossaryTerms(readFileSync("docs/glossary-sw.md", "utf8"));
  const check = (english: string, swahili: string) =>
    checkGlossary(new Map([["x", english]]), new Map([["x", swahili]]), glossary);

  it("is read from its table", () => {
    const ebook = glossary.find((term: { english: string[] }) => term.english.includes("ebook"));
    expect(ebook.swahili).toContain("vitabu pepe");
    expect(ebook.never).toContain("e-book");
  });

  it("wants the glossary's word where the English uses the term", () => {
    expect(check("Sign in to comment", "Ingia ili utoe maoni")).toEqual([]);
    expect(check("Sign in to comment", "Logini ili utoe maoni")).toEqual(['"x" says "sign in" but not "ingia"']);
    // A placeholder is not a term, and a longer term takes its words first.
    expect(check("Choose {plan}", "Chagua {plan}")).toEqual([]);
    expect(check("Submitted for review", "Imetumwa ili ikaguliwe")).toEqual([]);
  });

  it("refuses the words it says never to use", () => {
    expect(check("Read Ebook", "Soma ebook")).toEqual([
      '"x" says "ebook" but not "kitabu pepe" or "vitabu pepe" or "kitabu" or "vitabu" or "kinunue" or "kisome" or "kimo"',
      '"x" uses "ebook" (docs/glossary-sw.md: never)',
    ]);
    expect(check("Price", "Bei Ksh 100")).toEqual(['"x" uses "Ksh" (docs/glossary-sw.md: never)']);
    expect(check("Price", "Bei KSh 100")).toEqual([]);
  });

  it("holds for the whole catalogue", () => {
    const en = readCatalogue("app/locales/en");
    const sw = readCatalogue("app/locales/sw");
    expect(checkGlossary(en, sw, glossary)).toEqual([]);
  });
});

describe("a language's catalogue is every file in its folder", () => {
  it("reads the files together and refuses an id written in two of them", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const folder = mkdtempSync(join(tmpdir(), "catalogue-"));
    writeFileSync(join(folder, "a.po"), po([["one", "Moja"]]));
    writeFileSync(join(folder, "b.po"), po([["two", "Mbili"]]));
    expect([...(readCatalogue(folder) as Map<string, string>)]).toEqual([
      ["one", "Moja"],
      ["two", "Mbili"],
    ]);
    writeFileSync(join(folder, "c.po"), po([["one", "Moja tena"]]));
    expect(() => readCatalogue(folder)).toThrow('"one" is in two files');
  });
});
