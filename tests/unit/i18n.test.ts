// The reader's words in her language (issue 50): Lingui with the catalogues compiled from app/locales/*.po.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "~/lib/i18n/i18n";
// @ts-expect-error -- a plain ES module script without types
import { parsePo } from "../../scripts/check-catalogues.mjs";

describe("translator", () => {
  it("gives each language its own words for the same id", () => {
    expect(translator("en")("nav.home")).toBe("Home");
    expect(translator("sw")("nav.home")).toBe("Mwanzo");
  });

  it("follows Swahili noun classes in plurals", () => {
    const t = translator("sw");
    expect(t("home.ebookCount", { count: 1 })).toBe("kitabu pepe 1");
    expect(t("home.ebookCount", { count: 3 })).toBe("vitabu pepe 3");
    expect(translator("en")("home.ebookCount", { count: 1 })).toMatch(/^1 ebook$/);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the catalogues and the code", () => {
  it("every id the code translates is in the catalogue", () => {
    const catalogue = parsePo(readFileSync("app/locales/en/messages.po", "utf8"));
    const used = new Set<string>();
    for (const file of sourceFiles("app"))
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.]+)"/g)) used.add(match[1]);
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((id) => !catalogue.has(id))).toEqual([]);
  });
});
