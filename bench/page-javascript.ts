// Compressed bytes of the JavaScript a page loads on arrival: module preloads, script tags and the inline
// entry import (not the route manifest, which lists every route's chunks).
// Usage: node --import ./scripts/register.mjs bench/page-javascript.ts URL
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export interface PageJavascript {
  files: { url: string; gzipBytes: number }[];
  gzipBytes: number;
  brotliBytes: number;
}

/** `cookie`: a signed-in reader's session (the page as she gets it). */
export async function pageJavascriptBytes(pageUrl: string, cookie?: string): Promise<PageJavascript> {
  const html = await (await fetch(pageUrl, { headers: cookie ? { cookie } : {}, redirect: "manual" })).text();
  const urls = new Set(
    [...html.matchAll(/<link rel="modulepreload"[^>]* href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  for (const m of html.matchAll(/<script[^>]* src="(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) urls.add(m[1]);
  const result: PageJavascript = { files: [], gzipBytes: 0, brotliBytes: 0 };
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, pageUrl))).arrayBuffer());
    const gzipBytes = gzipSync(body, { level: 9 }).length;
    result.files.push({ url, gzipBytes });
    result.gzipBytes += gzipBytes;
    result.brotliBytes += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await pageJavascriptBytes(process.argv[2]);
  for (const f of result.files.sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(String(f.gzipBytes).padStart(7), f.url);
  console.log(`${result.files.length} files, ${result.gzipBytes} B gzip -9, ${result.brotliBytes} B brotli`);
}
