import type { TestProject } from "vitest/node";
import { readFileSync } from "node:fs";
import { chromium, type BrowserServer } from "playwright-core";
import { CHROME_ARGS, findChrome } from "./browser";
import { startApp, type RunningApp } from "./app-server";
import { startOAuthStandIn, type OAuthStandIn } from "./oauth-stand-in";
import { prepareShops, type PreparedShops } from "./demo-shop-seed";
import { dropPostgresDatabase } from "./postgres-databases";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The app's data directory (the leak suite reads the stored file keys to guess at them). */
    dataDir: string;
    /** The Google stand-in's address, for a test to choose who signs in (oauth-stand-in.ts, google-person.ts). */
    googleStandIn: string;
  }
}

let app: RunningApp | undefined;
let browserServer: BrowserServer | undefined;
let google: OAuthStandIn | undefined;
const cleanups: (() => Promise<void>)[] = [];

/**
 * The run's demo shops: prepared by `npm test` beside validation (E2E_SHOPS names the file it wrote, see
 * scripts/prepare-e2e-shops.ts), or seeded here when the suite runs alone. Seeding them costs about 25 s.
 */
async function demoShops(): Promise<PreparedShops> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const preparedFile = process.env.E2E_SHOPS;
  const shops = preparedFile
    ? (JSON.parse(readFileSync(preparedFile, "utf8")) as PreparedShops)
    : await prepareShops(serverUrl);
  const templateDatabase = shops.template.postgres?.database;
  if (serverUrl && templateDatabase) cleanups.push(() => dropPostgresDatabase(serverUrl, templateDatabase));
  return shops;
}

export async function setup(project: TestProject) {
  // One Chromium for the whole suite; each file connects to it (tests/setup/shared-browser.ts).
  browserServer = await chromium.launchServer({ executablePath: findChrome(), args: CHROME_ARGS, headless: true });
  project.provide("browserEndpoint", browserServer.wsEndpoint());
  google = await startOAuthStandIn();
  project.provide("googleStandIn", google.url);
  const { template, sharedDataDir: dataDir } = await demoShops();
  project.provide("demoShop", template);
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
