// After `react-router build`: bundles the service worker (service-worker/sw.ts), the offline page's script and the offline ebook copy's script, then
// lets Serwist write the precache list into the worker (ADR 033). Precached: the offline page and what it needs, the
// icons and the manifest, the same files for everyone; never a page or anything personal.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "@serwist/build";
import { OFFLINE_PAGES, readLanguage, renderOfflinePage, scriptWords } from "./offline-pages.mjs";

const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "build/client");
const common = {
  bundle: true,
  minify: true,
  // A classic worker script (registered without type: "module", which older phones lack) and a plain page script.
  format: "iife",
  target: "es2022",
  legalComments: "none",
  alias: { "~": path.join(root, "app") },
  define: { "process.env.NODE_ENV": '"production"' },
};
await build({ ...common, entryPoints: [path.join(root, "service-worker/sw.ts")], outfile: path.join(client, "sw.js") });

// The offline page in each language (issue 50): the template and the catalogues make the pages, and the script carries
// both languages' few words (it writes in the page's).
const catalogues = Object.fromEntries(Object.keys(OFFLINE_PAGES).map((lang) => [lang, readLanguage(lang)]));
const template = readFileSync(path.join(root, "app/components/offline/offline.html"), "utf8");
for (const [lang, file] of Object.entries(OFFLINE_PAGES))
  writeFileSync(path.join(client, file), renderOfflinePage(template, lang, catalogues[lang]));
const words = Object.fromEntries(
  Object.entries(catalogues).map(([lang, messages]) => [lang, scriptWords(lang, messages)]),
);
await build({
  ...common,
  entryPoints: [path.join(root, "app/components/offline/offline-page-script.ts")],
  outfile: path.join(client, "offline.js"),
  define: { ...common.define, __OFFLINE_WORDS__: JSON.stringify(words) },
});

await build({
  ...common,
  entryPoints: [path.join(root, "app/components/offline/offline-reader-script.ts")],
  outfile: path.join(client, "offline-reader.js"),
});

const { count, size, warnings } = await injectManifest({
  swSrc: path.join(client, "sw.js"),
  swDest: path.join(client, "sw.js"),
  globDirectory: client,
  globPatterns: [
    ...Object.values(OFFLINE_PAGES),
    "offline.js",
    "offline-reader.js",
    "icons/*.png",
    "manifest.webmanifest",
    "favicon.svg",
    // The bookmark button's code, loaded on a tap (not with the page), so a tap with no connection still works and
    // is queued (ADR 033); the same small file for everyone.
    "assets/bookmark-post-*.js",
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KiB)`);
