// The reader's words in her language (issue 50): Lingui with the catalogues compiled from app/locales/*.po.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "~/lib/i18n/i18n";
// @ts-expect-error -- a plain ES module script without types
import { readCatalogue } from "../../scripts/check-catalogues.mjs";

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

describe("the words of an article, an ebook and the plans", () => {
  it("put the count where each language wants it, cut so React writes the same texts as before", async () => {
    const { textParts } = await import("~/lib/i18n/parts");
    const en = translator("en");
    const sw = translator("sw");
    expect(textParts(en("ebook.pages", { count: 120 }), 120)).toEqual(["120", " pages"]);
    expect(textParts(sw("ebook.pages", { count: 120 }), 120)).toEqual(["kurasa ", "120"]);
    // "3 reviews" was written as three texts: the count, a space, the word.
    expect(textParts(en("reviews.count", { count: 3 }), 3, " ")).toEqual(["3", " ", "reviews"]);
    expect(textParts(en("reviews.count", { count: 1 }), 1, " ")).toEqual(["1", " ", "review"]);
    expect(textParts(sw("reviews.count", { count: 3 }), 3, " ")).toEqual(["tathmini ", "3"]);
  });

  it("say a plan's period, its per and its ebooks in Swahili, and in English as the pricing module does", async () => {
    const { allowanceWords, perPeriodWords, periodText } = await import("~/components/commerce/plan-words");
    const { perPeriodText, periodLabel } = await import("~/modules/membership/plan-period");
    const { ebookAllowanceText } = await import("~/components/commerce/plan-text");
    const en = translator("en");
    const sw = translator("sw");
    const plans = [
      { periodUnit: "day", periodCount: 7 },
      { periodUnit: "week", periodCount: 1 },
      { periodUnit: "month", periodCount: 1 },
      { periodUnit: "month", periodCount: 3 },
    ] as const;
    for (const plan of plans) {
      expect(periodText(en, plan)).toBe(periodLabel(plan));
      expect(perPeriodWords(en, plan)).toBe(perPeriodText(plan));
    }
    for (const limit of [null, 1, 2]) expect(allowanceWords(en, limit)).toBe(ebookAllowanceText(limit));
    expect(plans.map((plan) => periodText(sw, plan))).toEqual(["siku 7", "wiki 1", "mwezi 1", "miezi 3"]);
    expect(perPeriodWords(sw, plans[2])).toBe("kwa mwezi");
    expect(perPeriodWords(sw, plans[3])).toBe("kwa miezi 3");
    expect(allowanceWords(sw, 1)).toBe("Kitabu pepe 1 cha chaguo lako");
    expect(allowanceWords(sw, 2)).toBe("Vitabu pepe 2 vya chaguo lako");
    expect(allowanceWords(sw, null)).toBe("Vitabu pepe bila kikomo");
  });

  it("write dates in Swahili in Nairobi's time, and shillings with the shop's KSh in both languages", async () => {
    const { formatDate } = await import("~/lib/format");
    const { formatKesCents } = await import("~/modules/pricing/money");
    // 22:30 UTC on 28 November is already 29 November in Nairobi.
    expect(formatDate("2026-11-28T22:30:00Z", "sw")).toBe("29 Novemba 2026");
    expect(formatDate("2026-11-28T22:30:00Z")).toBe("29 November 2026");
    expect(formatKesCents(150_000, "sw-KE")).toBe("KSh\u00a01,500.00");
    expect(formatKesCents(150_000, "sw-KE")).toBe(formatKesCents(150_000));
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
    const catalogue = readCatalogue("app/locales/en");
    const used = new Set<string>();
    for (const file of sourceFiles("app"))
      for (const match of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.]+)"/g)) used.add(match[1]);
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((id) => !catalogue.has(id))).toEqual([]);
  });
});
