import type { TestProject } from "vitest/node";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { chromium, type BrowserServer } from "playwright-core";
import { CHROME_ARGS, findChrome } from "./browser";
import { startApp, type RunningApp } from "./app-server";
import { startOAuthStandIn, type OAuthStandIn } from "./oauth-stand-in";
import { copyDataDir, seedDemoShop, type DemoShopTemplate } from "./demo-shop";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-databases";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The app's data directory (the leak suite reads the stored file keys to guess at them). */
    dataDir: string;
  }
}

let app: RunningApp | undefined;
let browserServer: BrowserServer | undefined;
let google: OAuthStandIn | undefined;
const cleanups: (() => Promise<void>)[] = [];

/**
 * Seeds the demo shop once, in PGlite and (with TEST_DATABASE_URL) on PostgreSQL at the same time. The shared app
 * starts on a copy of the PGlite one; files that start an app of their own copy them (tests/setup/demo-shop.ts).
 */
async function seedDemoShops(): Promise<DemoShopTemplate> {
  const pgliteDataDir = mkdtempSync(path.join(tmpdir(), "nuru-e2e-demo-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    await seedDemoShop(pgliteDataDir);
    return { pgliteDataDir };
  }
  const template = await createPostgresDatabase(serverUrl, `nuru_e2e_demo_${randomBytes(6).toString("hex")}`);
  cleanups.push(() => dropPostgresDatabase(serverUrl, template.name));
  const postgresDataDir = mkdtempSync(path.join(tmpdir(), "nuru-e2e-demo-pg-"));
  await Promise.all([seedDemoShop(pgliteDataDir), seedDemoShop(postgresDataDir, template.url)]);
  return { pgliteDataDir, postgres: { database: template.name, dataDir: postgresDataDir } };
}

export async function setup(project: TestProject) {
  // One Chromium for the whole suite; each file connects to it (tests/setup/shared-browser.ts).
  browserServer = await chromium.launchServer({ executablePath: findChrome(), args: CHROME_ARGS, headless: true });
  project.provide("browserEndpoint", browserServer.wsEndpoint());
  google = await startOAuthStandIn();
  const demoShop = await seedDemoShops();
  project.provide("demoShop", demoShop);
  // The shared app's data: the demo shop plus the leak suite's marker content.
  const dataDir = copyDataDir(demoShop.pgliteDataDir);
  const seeded = spawnSync(
    process.execPath,
    ["--import", "./scripts/register.mjs", "tests/setup/seed-markers.ts", dataDir],
    {
      stdio: "inherit",
    },
  );
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
  await browserServer?.close();
  await google?.close();
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  if (code !== 0) throw new Error(`App did not shut down cleanly (exit ${code}):\n${app?.output()}`);
}
