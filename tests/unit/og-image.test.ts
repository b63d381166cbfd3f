import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { escapeXml, fitTitle, ogCardSvg, wrapLines } from "~/modules/site/og-image-svg";
import { ogImageResponse, renderOgImage } from "~/modules/site/og-image.server";

describe("Open Graph card text", () => {
  it("escapes what would break the SVG or inject markup", () => {
    expect(escapeXml(`Tom & "Jerry" <script>'x'</script>\u0000\u001b`)).toBe(
      "Tom &amp; &quot;Jerry&quot; &lt;script&gt;&apos;x&apos;&lt;/script&gt;",
    );
    const svg = ogCardSvg({ title: "Hips & <b>tone</b>", label: "Shape & tone", badge: "Premium article" });
    // Wrapped in the centre square: "Hips &" and "<b>tone</b>" on two lines.
    expect(svg).toContain(">Hips &amp;<");
    expect(svg).toContain(">&lt;b&gt;tone&lt;/b&gt;<");
    expect(svg).toContain("SHAPE &amp; TONE");
    expect(svg).not.toContain("<b>");
  });

  it("wraps words into lines and ends an over-long text with an ellipsis", () => {
    expect(wrapLines("one two three four", 9, 5)).toEqual(["one two", "three", "four"]);
    expect(wrapLines("one two three four five six", 9, 2)).toEqual(["one two", "three…"]);
    // A word longer than a line is cut with a hyphen rather than running off the card.
    expect(wrapLines("Supercalifragilistic", 8, 5)).toEqual(["Superca-", "lifragi-", "listic"]);
  });

  it("shrinks a long title and keeps it within five lines of the centre square", () => {
    expect(fitTitle("Flat tummy").size).toBe(60);
    const long = fitTitle("Mwongozo kamili wa afya ya ngozi na urembo ".repeat(8));
    expect(long.size).toBeLessThan(60);
    expect(long.lines.length).toBeLessThanOrEqual(5);
    expect(long.lines.at(-1)).toMatch(/…$/);
    for (const line of long.lines) expect(line.length * long.size * 0.6).toBeLessThanOrEqual(530);
  });
});

describe("Open Graph image rendering", () => {
  const card = { title: "Evening walks that add up", label: "Weight Loss", badge: "Premium article" };

  it("draws a 1200x630 JPEG small enough for WhatsApp's preview", async () => {
    const { bytes } = await renderOgImage(card);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect(bytes.length).toBeLessThan(100_000);
  });

  it("keeps every word in the centre square WhatsApp crops its thumbnail to (issue 46)", async () => {
    for (const title of [
      "Gain With Grace: A Healthy Weight Gain Plan",
      "Mwongozo kamili wa afya ya ngozi na urembo wa kila siku",
    ]) {
      const svg = ogCardSvg({ title, label: "Breast Health & Confidence", badge: "Members-only article" });
      const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
      // Text is white or nearly (the label and badge are pale pink); the background and circles are far darker.
      let outside = 0;
      let inside = 0;
      for (let y = 0; y < info.height; y++)
        for (let x = 0; x < info.width; x++) {
          const i = (y * info.width + x) * info.channels;
          if (Math.min(data[i]!, data[i + 1]!, data[i + 2]!) < 200) continue;
          if (x < 285 || x >= 915) outside++;
          else inside++;
        }
      expect(outside, title).toBe(0);
      expect(inside, title).toBeGreaterThan(5000);
    }
  });

  it("draws a card once and serves the kept bytes again", async () => {
    const first = await renderOgImage({ ...card, title: "Kept once" });
    const second = await renderOgImage({ ...card, title: "Kept once" });
    expect(second.bytes).toBe(first.bytes);
    const other = await renderOgImage({ ...card, title: "Kept once, edited" });
    expect(other.etag).not.toBe(first.etag);
  });

  it("answers 304 to a client that has the card, and public caching headers", async () => {
    const full = await ogImageResponse(new Request("http://x/og/home.jpg"), card);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect(full.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const etag = full.headers.get("etag")!;
    const again = await ogImageResponse(
      new Request("http://x/og/home.jpg", { headers: { "If-None-Match": etag } }),
      card,
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
