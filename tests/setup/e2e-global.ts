import type { TestProject } from "vitest/node";
import { readFileSync } from "node:fs";
import { chromium, type BrowserServer } from "playwright-core";
import { CHROME_ARGS, findChrome } from "./browser";
import { startApp, type RunningApp } from "./app-server";
import { startOAuthStandIn, type OAuthStandIn } from "./oauth-stand-in";
import { copyDataDir, prepareShops, type PreparedShops } from "./demo-shop-seed";
import { dropPostgresDatabase } from "./postgres-databases";
import { E2E_WORKERS } from "./e2e-workers";

declare module "vitest" {
  export interface ProvidedContext {
    /** Each worker's shared app (tests/setup/pages.ts baseUrl picks the one of the worker running the file). */
    baseUrls: string[];
    /** Each shared app's data directory (the leak suite reads the stored file keys to guess at them). */
    dataDirs: string[];
  }
}

const apps: RunningApp[] = [];
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
  const { template, sharedDataDir } = await demoShops();
  project.provide("demoShop", template);
  // The prepared directory (demo shop and the leak suite's markers) for the first app, copies of it for the others,
  // made before any app opens it (a PGlite directory opens in one process at a time).
  const dataDirs = [sharedDataDir];
  while (dataDirs.length < E2E_WORKERS) dataDirs.push(copyDataDir(sharedDataDir));
  apps.push(...(await Promise.all(dataDirs.map((dataDir) => startSharedApp(dataDir, google!)))));
  project.provide(
    "baseUrls",
    apps.map((app) => app.url),
  );
  project.provide("dataDirs", dataDirs);
}

function startSharedApp(dataDir: string, google: OAuthStandIn): Promise<RunningApp> {
  return startApp({
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
}

export async function teardown() {
  const codes = await Promise.all(apps.map((app) => app.stop()));
  await browserServer?.close();
  await google?.close();
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  const unclean = apps.filter((_, index) => codes[index] !== 0);
  if (unclean.length > 0)
    throw new Error(
      unclean
        .map((app) => `App did not shut down cleanly (exit ${codes[apps.indexOf(app)]}):\n${app.output()}`)
        .join("\n"),
    );
}
