import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { baseUrl } from "../setup/pages";
import { startApp } from "../setup/app-server";
import { copyDemoShop } from "../setup/demo-shop";

describe("HTTP server", () => {
  it("answers /healthz with the database status", async () => {
    const res = await fetch(`${baseUrl()}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("sends security headers and a nonce-based CSP that covers every inline script", async () => {
    // A signed-in-looking request is always rendered afresh (guest copies are checked below).
    const res = await fetch(`${baseUrl()}/about`, { headers: { Cookie: "nuru.session_token=none" } });
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${baseUrl()}/about`, { headers: { Cookie: "nuru.session_token=none" } });
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("covers every inline script of a guest's cached page by its hash", async () => {
    await fetch(`${baseUrl()}/terms`);
    const res = await fetch(`${baseUrl()}/terms`);
    expect(res.headers.get("x-guest-cache")).toBe("hit");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).not.toMatch(/nonce-|strict-dynamic|unsafe-inline' 'sha|script-src[^;]*unsafe-inline/);
    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/src=/.test(m[1]));
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , code] of inline)
      expect(csp).toContain(`'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`);
  });

  it("gives non-document responses exactly one strict CSP", async () => {
    const res = await fetch(`${baseUrl()}/robots.txt`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp.split(",").length).toBe(1);
    expect(csp).toContain("script-src 'self'");
    expect(await res.text()).toContain("Disallow: /admin");
  });

  it("serves hashed assets with long-lived caching and compresses responses", async () => {
    const html = await (await fetch(`${baseUrl()}/about`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const res = await fetch(`${baseUrl()}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const page = await fetch(`${baseUrl()}/terms`, {
      headers: { "accept-encoding": "gzip" },
      decompress: false,
    } as RequestInit);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    void gunzipSync;
  });

  it("serves seeded cover images from /media and refuses path tricks", async () => {
    const ok = await fetch(`${baseUrl()}/media/seed/hero/slide-1.jpg`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/jpeg");
    const copy = await fetch(`${baseUrl()}/media/seed/hero/slide-1-640w.avif`);
    expect(copy.headers.get("content-type")).toBe("image/avif");
    const bad = await fetch(`${baseUrl()}/media/..%2F..%2Fpglite%2FPG_VERSION`);
    expect(bad.status).toBe(404);
    const privateFile = await fetch(`${baseUrl()}/media/ebooks/anything.pdf`);
    expect(privateFile.status).toBe(404);
  });

  it("closes the database on SIGTERM so the next start can open the same data directory", async () => {
    const first = await startApp({ ...(await copyDemoShop()).env, SEED_DEMO: "false" });
    expect(await first.stop()).toBe(0);
    const second = await startApp({ DATA_DIR: first.dataDir, SEED_DEMO: "false" });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  });

  it("refuses to start in production without the required settings", async () => {
    const app = await startApp(
      { NODE_ENV: "production", PUBLIC_URL: "", AUTH_SECRET: "", DATABASE_URL: "" },
      { waitReady: false },
    );
    const code = await Promise.race([app.exited, new Promise((r) => setTimeout(() => r("timeout"), 20_000))]);
    if (code === "timeout") await app.stop();
    expect(code).toBe(1);
    expect(app.output()).toContain("Nuru cannot start in production mode");
    expect(app.output()).toContain("PUBLIC_URL");
    expect(app.output()).toContain("AUTH_SECRET");
    expect(app.output()).toContain("DATABASE_URL");
    expect(app.output()).toContain("PESAPAL_CONSUMER_KEY");
    expect(app.output()).toContain("PESAPAL_ENV");
    // Production never starts the local Pesapal stand-in.
    expect(app.output()).not.toContain("Pesapal stand-in at");
  });
});

describe("precompressed assets", () => {
  it("sends brotli or gzip built ahead of time, with the right type", async () => {
    const html = await (await fetch(`${baseUrl()}/about`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    for (const encoding of ["br", "gzip"]) {
      const res = await fetch(`${baseUrl()}${asset}`, { headers: { "accept-encoding": encoding } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect((await res.text()).length).toBeGreaterThan(100);
    }
  });
});
