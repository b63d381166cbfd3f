// Uploads in Chromium and over raw HTTP: an editor uploads an article image with a progress bar and it is served
// from /media; a text file renamed .png and a 101 MB video are refused in the spec's words.
import http from "node:http";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PDFDocument } from "pdf-lib";
import { DESKTOP, PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD, getText, signInCookie } from "../setup/http-session";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { newReader } from "../setup/attacker";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Declares a body of `declared` bytes, sends only the start of it, and reads the answer. */
function declareHugeUpload(path: string, cookie: string, declared: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const boundary = "nuruboundary";
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="film.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const req = http.request(new URL(path, baseUrl()), {
      method: "POST",
      headers: {
        Origin: baseUrl(),
        Cookie: cookie,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(declared),
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    req.write(start);
    req.write(Buffer.alloc(64 * 1024));
  });
}

describe("uploads", () => {
  it("an editor uploads an article image with progress; a renamed text file is refused (1280 px)", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
    await page.goto("/admin/articles/new");
    await waitForHydration(page);
    const image = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    await page.getByLabel("Upload image").setInputFiles({ name: "dawn.png", mimeType: "image/png", buffer: image });
    await expect.poll(() => page.getByText("Upload successful").isVisible(), { timeout: 15_000 }).toBe(true);
    const url = await page.getByLabel("Image URL").inputValue();
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${baseUrl()}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    await expectAccessible(page);

    await page.getByLabel("Upload image").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("just some text, not a picture"),
    });
    await expect.poll(() => page.getByText("Invalid file type").isVisible()).toBe(true);
    expect(await page.getByText("Please upload a file matching: JPG, PNG, GIF, WEBP, AVIF").isVisible()).toBe(true);
    expect(await page.getByLabel("Image URL").inputValue()).toBe(url);
    await context.close();
  });

  for (const [name, viewport] of [
    ["1280 px", DESKTOP],
    ["390 px", PHONE],
  ] as const) {
    it(`an admin uploads a cover and a PDF with progress, publishes a premium ebook at 450 KES; a guest abroad sees its regional price and a reader buys and reads it (${name})`, async () => {
      const title = `Glow Guide ${Date.now().toString(36)}${viewport.width}`;
      const doc = await PDFDocument.create();
      for (let i = 0; i < 4; i++) doc.addPage();
      // A few megabytes, so the progress bar has time to show on a throttled connection.
      await doc.attach(randomBytes(3 * 1024 * 1024), "notes.bin", { mimeType: "application/octet-stream" });
      const pdf = Buffer.from(await doc.save());
      const { page, context } = await newPage(browser, viewport);
      await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
      await page.goto("/admin/ebooks");
      await waitForHydration(page);
      await expectAccessible(page);
      await page.getByRole("link", { name: "Add New Ebook" }).click();
      await page.waitForURL(/\/admin\/ebooks\/new$/);
      await waitForHydration(page);
      expect(await page.getByLabel("Price (KES)").inputValue()).toBe("0");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Description").fill("Skin care that fits a Nairobi morning.");
      await page.getByLabel("Upload cover").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
      await expect
        .poll(() => page.getByLabel("Cover image").inputValue(), { timeout: 15_000 })
        .toMatch(/^\/media\/covers\/.+\.png$/);

      // About 1.5 MB/s up: the PDF takes a couple of seconds, and the bar shows how far it is.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 1_500_000,
      });
      await page.getByLabel("Upload PDF").setInputFiles({ name: "glow.pdf", mimeType: "application/pdf", buffer: pdf });
      const bar = page.getByRole("progressbar", { name: "Upload PDF: uploading" });
      await bar.waitFor({ timeout: 10_000 });
      await expect.poll(async () => Number(await bar.getAttribute("value")), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByText("New PDF ready: 4 pages.", { exact: false }).isVisible(), { timeout: 30_000 })
        .toBe(true);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      await page.getByLabel("Price (KES)").fill("450");
      await page.getByLabel("Access type").selectOption("premium");
      await page.getByLabel("Published").check();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Create Ebook" }).click();
      await page.waitForURL(/\/admin\/ebooks$/);
      await expect
        .poll(() => page.getByTestId("toast").last().textContent(), { timeout: 10_000 })
        .toContain("Ebook Created");
      const card = page.getByTestId("admin-ebook").filter({ hasText: title });
      expect(await card.innerText()).toContain("KES 450.00");
      expect(await card.innerText()).toContain("Published");

      const list = await getText(`/ebooks?q=${encodeURIComponent(title)}`);
      expect(list.body).toContain(title);
      expect(list.body).toMatch(/KSh\s450\.00/);
      // A guest in the US: 2.5 x the Kenyan price, with dollars beside it.
      const abroad = await fetch(`${baseUrl()}/ebooks?q=${encodeURIComponent(title)}`, {
        headers: { "cf-ipcountry": "US" },
      });
      expect(await abroad.text()).toContain("KSh\u00a01,125.00 ≈ $9.00");

      // The audit log lists the uploads and the new ebook, with its price.
      await page.getByRole("link", { name: "Activity" }).click();
      await page.waitForURL(/\/admin\/activity$/);
      const entry = page.getByTestId("activity").filter({ hasText: `Ebook created: ${title}` });
      expect(await entry.innerText()).toContain("price");
      expect(await entry.innerText()).toContain("450.00");
      expect(
        await page.getByTestId("activity").filter({ hasText: "Upload uploaded: ebook PDF: glow.pdf" }).count(),
      ).toBeGreaterThan(0);
      await expectAccessible(page);
      const ebookPath = (await getText(`/ebooks?q=${encodeURIComponent(title)}`)).body.match(
        /href="(\/ebook\/[0-9a-f-]{36})"/,
      )?.[1];
      expect(ebookPath).toBeTruthy();
      await context.close();

      // A reader buys it by card on the stand-in and reads it.
      const email = await newReader("right-pass-1");
      const buyer = await newPage(browser, viewport);
      await signInWithForm(buyer.page, email, "right-pass-1");
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
      await buyer.page.waitForURL((url) => url.pathname === `${ebookPath}/read`);
      await buyer.page.locator("canvas[data-rendered-page]").waitFor({ timeout: 20_000 });
      expect(await buyer.page.getByText(/^Page 1 of 4/).isVisible()).toBe(true);
      await buyer.context.close();
    });
  }

  it("refuses a 101 MB video before reading it, in the spec's words", async () => {
    const admin = await signInCookie("admin@nuru.test");
    const answer = await declareHugeUpload("/admin/uploads?kind=video", admin, 101 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      error: { code: "UPLOAD_TOO_LARGE", title: "File too large", message: "File size must be less than 100MB" },
    });
  });
});
