import { chromium, type Browser, type Download } from "playwright-core";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The end-to-end suite's one Chromium (started in e2e-global.ts), for the files to connect to. */
    browserEndpoint: string;
  }
}

/**
 * A connection to the suite's one Chromium. Starting a browser per file cost about 1.5 s and 3 core-seconds each;
 * contexts stay per test, and closing this connection closes every context the file made.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserEndpoint"));
}

/** A download's bytes. Over a connection to a browser, Playwright streams them: `download.path()` is not there. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
