import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLdScript } from "~/modules/site/structured-data";
import { validateHtml, validateHtmlDocuments, VNU_JAR } from "../setup/html-validator";

const TIMEOUT = 60_000;

function page(body: string, head = ""): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Nuru</title>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

describe("validateHtml (W3C Nu Html Checker)", () => {
  it("says clearly that Java is missing", async () => {
    const saved = { PATH: process.env.PATH, JAVA_HOME: process.env.JAVA_HOME };
    const emptyDir = mkdtempSync(path.join(tmpdir(), "nuru-no-java-"));
    process.env.PATH = emptyDir;
    delete process.env.JAVA_HOME;
    try {
      await expect(validateHtml(page("<p>x</p>"))).rejects.toThrow(/needs Java .*"java" was not found/);
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.JAVA_HOME !== undefined) process.env.JAVA_HOME = saved.JAVA_HOME;
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it("finds vnu.jar through the vnu-jar package", () => {
    expect(VNU_JAR.endsWith("vnu.jar")).toBe(true);
    expect(existsSync(VNU_JAR)).toBe(true);
  });

  it(
    "reports no errors for a small valid HTML5 document",
    async () => {
      expect(await validateHtml(page("<main><h1>Karibu</h1><p>Wellness for women.</p></main>"))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "reports errors for an invalid document, and can ignore them by substring",
    async () => {
      const html = page('<main><p>Open <div>block in a paragraph</span></p><img src="/a.png"></main>');
      const errors = await validateHtml(html);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.some((e) => /alt/i.test(e))).toBe(true);
      expect(errors.every((e) => /^line \d+: /.test(e))).toBe(true);
      expect(await validateHtml(html, { ignore: errors.map((e) => e.replace(/^line \d+: /, "")) })).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "checks several documents in one run and gives each its own errors",
    async () => {
      const valid = page("<main><p>Karibu</p></main>");
      const noAlt = page('<main><img src="/a.png"></main>');
      const [first, second, third] = await validateHtmlDocuments([valid, noAlt, valid]);
      expect(first).toEqual([]);
      expect(second).toHaveLength(1);
      expect(second[0]).toMatch(/^line \d+: .*alt/);
      expect(third).toEqual([]);
      expect(await validateHtmlDocuments([])).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "accepts JSON-LD produced by jsonLdScript even when the data contains markup",
    async () => {
      const json = jsonLdScript({ "@context": "https://schema.org", name: "</script><!-- x --> & \u2028" });
      const html = page("<main><p>Ebook</p></main>", `<script type="application/ld+json">${json}</script>`);
      expect(await validateHtml(html)).toEqual([]);
    },
    TIMEOUT,
  );
});
