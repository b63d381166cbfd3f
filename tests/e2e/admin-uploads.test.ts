// Uploads in Chromium and over raw HTTP: an editor uploads an article image with a progress bar and it is served
// from /media; a text file renamed .png and a 101 MB video are refused in the spec's words.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../setup/browser";
import { DESKTOP, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD, signInCookie } from "../setup/http-session";
import { signInWithForm } from "../setup/shop-journeys";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
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

  it("refuses a 101 MB video before reading it, in the spec's words", async () => {
    const admin = await signInCookie("admin@nuru.test");
    const answer = await declareHugeUpload("/admin/uploads?kind=video", admin, 101 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      status: 413,
      title: "File too large",
      message: "File size must be less than 100MB",
    });
  });
});
