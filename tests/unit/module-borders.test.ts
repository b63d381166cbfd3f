// Module borders (issue 47 item 5): the table in docs/architecture.md is the one dependency-cruiser enforces, and
// the module pairs that still import each other are exactly the ones written down there with their reasons.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const doc = readFileSync("docs/architecture.md", "utf8");
const borders = doc.slice(doc.indexOf("## Module borders"), doc.indexOf("\n## ", doc.indexOf("## Module borders") + 1));
const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as {
  forbidden: { name: string; comment: string }[];
};

/** The table's rows: `| \`name\` | what it holds | may import |`. */
function documentedTable(): Record<string, string[]> {
  const rows = [...borders.matchAll(/^\| `([a-z-]+)` +\|[^|]*\| ([^|]+?) +\|$/gm)];
  return Object.fromEntries(
    rows.map(([, name, list]) => [name, list === "none" ? [] : list.split(", ").map((s) => s.trim())]),
  );
}

describe("module borders", () => {
  it("enforces the table written in docs/architecture.md, for every module under app/modules", () => {
    const enforced = Object.fromEntries(
      config.forbidden
        .filter((rule) => rule.name.startsWith("module-"))
        .map((rule) => {
          const list = rule.comment.replace(/^.* may import only: (.*) \(docs.*$/, "$1");
          return [rule.name.slice("module-".length), list === "no other module" ? [] : list.split(", ")];
        }),
    );
    const modules = Object.keys(enforced).sort();
    expect(modules).toContain("member-mail");
    expect(modules.length).toBeGreaterThanOrEqual(22);
    expect(documentedTable()).toEqual(enforced);
  });

  it("leaves only the documented module pairs importing each other, each with its reason", () => {
    const report = execFileSync("node", ["scripts/borders-report.mjs"], { encoding: "utf8" });
    const measured = [...report.matchAll(/^ {2}([a-z-]+ <-> [a-z-]+)$/gm)].map((m) => m[1]).sort();
    const documented = [...borders.matchAll(/`([a-z-]+ <-> [a-z-]+)`/g)].map((m) => m[1]).sort();
    expect(measured).toEqual(documented);
    expect(measured.length).toBeLessThanOrEqual(3);
  }, 30_000); // runs dependency-cruiser over app/ (a few seconds on a busy machine)
});
