import { chromium, type Browser, type BrowserContext, type Download } from "playwright-core";
import { inject } from "vitest";
import { freshAddress } from "./attacker";

declare module "vitest" {
  export interface ProvidedContext {
    /** The end-to-end suite's one Chromium (started in e2e-global.ts), for the files to connect to. */
    browserEndpoint: string;
  }
}

/** The header through which the end-to-end app (TRUST_PROXY=true, as behind a CDN) learns the client address. */
export const CLIENT_ADDRESS_HEADER = "X-Forwarded-For";

/**
 * A connection to the suite's one Chromium. Starting a browser per file cost about 1.5 s and 3 core-seconds each;
 * contexts stay per test, and closing this connection closes every context the file made.
 *
 * Every context it opens browses from a client address of this connection's own (one per test file), so limits
 * counted per address (offer codes, sign-ins) in one file never touch another: all journeys share one app, and
 * without this they all came from 127.0.0.1 (issue 46, item 4). A context given its own address keeps it.
 */
export async function connectBrowser(): Promise<Browser> {
  const browser = await chromium.connect(inject("browserEndpoint"));
  return browsingFrom(browser, freshAddress());
}

function browsingFrom(browser: Browser, address: string): Browser {
  const withAddress = (headers: Record<string, string> = {}) => ({ [CLIENT_ADDRESS_HEADER]: address, ...headers });
  const newContext = browser.newContext.bind(browser);
  // Browser.newPage opens its context through this.newContext, so it is covered too.
  browser.newContext = async (options = {}) => {
    const context: BrowserContext = await newContext({
      ...options,
      extraHTTPHeaders: withAddress(options.extraHTTPHeaders),
    });
    // setExtraHTTPHeaders replaces the context's headers (a test sends a country header): keep the address.
    const setExtraHTTPHeaders = context.setExtraHTTPHeaders.bind(context);
    context.setExtraHTTPHeaders = (headers) => setExtraHTTPHeaders(withAddress(headers));
    return context;
  };
  return browser;
}

/** A download's bytes. Over a connection to a browser, Playwright streams them: `download.path()` is not there. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
