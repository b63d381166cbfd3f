import type { TestProject } from "vitest/node";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChrome } from "./browser";
import { startApp, type RunningApp } from "./app-server";
import { startOAuthStandIn, type OAuthStandIn } from "./oauth-stand-in";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The app's data directory (the leak suite reads the stored file keys to guess at them). */
    dataDir: string;
  }
}

let app: RunningApp | undefined;
let google: OAuthStandIn | undefined;

export async function setup(project: TestProject) {
  findChrome();
  google = await startOAuthStandIn();
  const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-e2e-"));
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "tests/setup/seed-markers.ts", dataDir], {
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error("Could not prepare the end-to-end data directory");
  app = await startApp({
    DATA_DIR: dataDir,
    SUPPORT_EMAIL: "care@nuru.test",
    // Page views reach the database within seconds (the analytics screen also saves its own process's counts).
    ANALYTICS_FLUSH_SECONDS: "5",
    ADMIN_EMAILS: "owner@nuru.test",
    // As behind a CDN: the security suite acts from many client addresses through X-Forwarded-For.
    TRUST_PROXY: "true",
    // As behind Cloudflare: the visitor-country test sends the country header as the CDN would.
    COUNTRY_HEADER: "cf-ipcountry",
    GOOGLE_CLIENT_ID: "nuru-test-client",
    GOOGLE_CLIENT_SECRET: "nuru-test-secret",
    GOOGLE_AUTH_URL: `${google.url}/authorize`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_USERINFO_URL: `${google.url}/userinfo`,
  });
  project.provide("baseUrl", app.url);
  project.provide("dataDir", dataDir);
}

export async function teardown() {
  const code = await app?.stop();
  await google?.close();
  if (code !== 0) throw new Error(`App did not shut down cleanly (exit ${code}):\n${app?.output()}`);
}
