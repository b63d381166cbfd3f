// An EPUB for the text edition (issue 32), on a phone: the admin uploads a PDF and an EPUB, saves (the save answers
// at once: "Text edition: preparing…"), watches the edition become ready on the edit page, looks at the preview and
// publishes; a reader buys it and reads the EPUB's chapters in text mode, in its spine order, with the book's script
// stripped and its picture kept (fitting the phone's column; a tap-to-load link in data saver). Before she buys, the
// text and the picture answer 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD, getText } from "../setup/http-session";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { newReader } from "../setup/attacker";
import { epubBytes, SAMPLE_CHAPTERS, testPicture } from "../setup/epub-file";
import { saveScreenshot } from "../setup/screenshots";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function onePagePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  doc.addPage([420, 595]).drawText("The Village Well (PDF edition)", { x: 48, y: 500, size: 14, font });
  return Buffer.from(await doc.save());
}

describe("EPUB text edition at 390 px", () => {
  it("an admin uploads an EPUB, previews the edition and publishes; a buyer reads it in text mode", async () => {
    const title = `Village Well ${Date.now().toString(36)}`;
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
    await page.goto("/admin/ebooks/new");
    await waitForHydration(page);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Three short chapters about water.");
    await page.getByLabel("Upload PDF").setInputFiles({
      name: "well.pdf",
      mimeType: "application/pdf",
      buffer: await onePagePdf(),
    });
    await expect.poll(() => page.getByText("New PDF ready", { exact: false }).isVisible()).toBe(true);
    const spine = [SAMPLE_CHAPTERS[2], SAMPLE_CHAPTERS[0], SAMPLE_CHAPTERS[1]].map((c) => c.file);
    await page.getByLabel("Upload EPUB").setInputFiles({
      name: "well.epub",
      mimeType: "application/epub+zip",
      buffer: Buffer.from(
        epubBytes({
          chapters: SAMPLE_CHAPTERS,
          spine,
          // The Road's picture (a 1200 x 800 PNG, kept as an 800 px WebP).
          resources: [{ file: "pic.png", type: "image/png", bytes: await testPicture("png", 1200, 800) }],
        }),
      ),
    });
    await expect.poll(() => page.getByText("New EPUB ready", { exact: false }).isVisible()).toBe(true);
    await page.getByLabel("Price (KES)").fill("450");
    await page.getByLabel("Access type").selectOption("premium");
    await page.getByRole("button", { name: "Create Ebook" }).click();
    await page.waitForURL(/\/admin\/ebooks$/);
    await expect
      .poll(() => page.getByTestId("toast").last().textContent())
      .toMatch(/Ebook Created.*Text edition: preparing…/s);

    // The edit page shows the edition's state, and updates itself once the job has made it.
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.waitForURL(/\/admin\/ebooks\/[0-9a-f-]{36}$/);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("text-edition-state").textContent()).toBe("Ready for review");
    expect(await page.getByText("Made from the EPUB: 3 sections.", { exact: false }).isVisible()).toBe(true);
    const preview = page.getByTestId("text-edition-preview");
    expect(await preview.innerText()).toMatch(/Home[\s\S]*They came home with full jars[\s\S]*The Well/);
    expect(await page.getByText("An EPUB is attached", { exact: false }).isVisible()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await saveScreenshot(page, "admin-epub-ready-390", { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, "admin-epub-ready-1280", { fullPage: true });
    await page.setViewportSize(PHONE);

    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Update Ebook" }).click();
    await page.waitForURL(/\/admin\/ebooks$/);
    await expect.poll(() => page.getByTestId("toast").last().textContent()).toContain("Ebook Updated");
    // Nothing about the files changed: the edition is not made again.
    expect(await page.getByTestId("toast").last().textContent()).not.toContain("preparing");
    await context.close();

    const ebookPath = (await getText(`/ebooks?q=${encodeURIComponent(title)}`)).body.match(
      /href="(\/ebook\/[0-9a-f-]{36})"/,
    )?.[1];
    expect(ebookPath).toBeTruthy();

    const email = await newReader("right-pass-1");
    const buyer = await newPage(browser, PHONE);
    await signInWithForm(buyer.page, email, "right-pass-1");
    // Before she buys it, text mode tells her what opens it (403, no text) and its picture does not exist for her.
    const before = await buyer.page.request.get(`${baseUrl()}${ebookPath}/text?s=0`, { maxRedirects: 0 });
    expect(before.status()).toBe(403);
    expect(await before.text()).not.toContain("data-block");
    const pictureBefore = await buyer.page.request.get(`${baseUrl()}${ebookPath}/text/picture/0`);
    expect(pictureBefore.status()).toBe(404);
    await buyer.page.goto(ebookPath!);
    await waitForHydration(buyer.page);
    await buyer.page.getByRole("link", { name: /^Purchase Ebook/ }).click();
    await waitForHydration(buyer.page);
    await buyer.page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(buyer.page, "Complete card payment");
    await buyer.page.locator('[data-status="success"]').waitFor();
    await buyer.page.goto(ebookPath!);
    await waitForHydration(buyer.page);
    await buyer.page.getByRole("link", { name: "Read Ebook" }).click();
    // On a phone the text edition opens first, at the EPUB's first chapter in its spine.
    await buyer.page.waitForURL((url) => url.pathname === `${ebookPath}/text`);
    await buyer.page.locator("[data-block]").first().waitFor();
    await waitForHydration(buyer.page);
    expect(await buyer.page.getByRole("heading", { level: 2 }).first().textContent()).toBe("Home");
    await buyer.page.locator('summary[aria-label="Contents"]').click();
    const toc = buyer.page.getByRole("navigation", { name: "Contents" }).getByRole("link");
    expect((await toc.allTextContents()).map((t) => t.trim())).toEqual(["Home", "The Well", "The Road"]);
    await toc.nth(2).click();
    await buyer.page.waitForURL((url) => url.searchParams.get("s") === "2");
    await expect.poll(() => buyer.page.getByText("She walked it at dawn.").isVisible()).toBe(true);
    // Progress follows the section she turned to (two of three chapters lie before it).
    await expect.poll(() => buyer.page.locator("[data-progress]").textContent()).toMatch(/^(6\d|7\d)% · The Road/);
    const html = await buyer.page.locator('[aria-label="Ebook text"]').innerHTML();
    expect(html).not.toMatch(/stolen|onclick|pic\.png/);
    // The book's picture, in its place after the words it follows, loaded and fitting the column.
    const picture = buyer.page.getByRole("img", { name: "a road" });
    await picture.scrollIntoViewIfNeeded();
    expect(await picture.getAttribute("src")).toBe(`${ebookPath}/text/picture/0`);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    const box = (await picture.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Its shape is kept (800 x 533), and the space was reserved from its width and height.
    expect(Math.abs(box.height - (box.width * 533) / 800)).toBeLessThan(2);
    expect(await picture.getAttribute("width")).toBe("800");
    expect(await picture.getAttribute("height")).toBe("533");
    const walked = (await buyer.page.getByText("She walked it at dawn.").boundingBox())!;
    expect(box.y).toBeGreaterThan(walked.y);
    const size = await buyer.page
      .locator("[data-block] p")
      .first()
      .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
    await expectAccessible(buyer.page);
    await saveScreenshot(buyer.page, "reader-epub-390", { fullPage: true });
    await buyer.page.setViewportSize(DESKTOP);
    await saveScreenshot(buyer.page, "reader-epub-1280", { fullPage: true });
    const wide = (await picture.boundingBox())!;
    expect(wide.width).toBeLessThanOrEqual(800);
    await buyer.page.setViewportSize(PHONE);

    // Data saver: the picture is a link with its alt text; nothing is downloaded until she taps it.
    const cookies = await buyer.context.cookies();
    const saver = await newPage(browser, PHONE);
    await saver.context.addCookies([...cookies, { name: "nuru_data_saver", value: "on", url: baseUrl() }]);
    const pictures: string[] = [];
    saver.page.on("request", (request) => {
      if (request.resourceType() === "image" && request.url().includes("/text/picture/")) pictures.push(request.url());
    });
    await saver.page.goto(`${ebookPath}/text?s=2`);
    const tap = saver.page.getByRole("link", { name: "Show picture: a road" });
    expect(await tap.getAttribute("href")).toBe(`${ebookPath}/text/picture/0`);
    expect(await saver.page.locator('[aria-label="Ebook text"] img').count()).toBe(0);
    expect(pictures).toEqual([]);
    expect(await saver.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(saver.page);
    await saveScreenshot(saver.page, "reader-epub-data-saver-390", { fullPage: true });
    const opened = await saver.page.request.get(`${baseUrl()}${ebookPath}/text/picture/0`);
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toBe("image/webp");
    await saver.context.close();
    await buyer.context.close();
  });
});
