import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { englishInBrowser, poCatalogues } from "./scripts/po-catalogues.mjs";

// Small modules nearly every page uses, kept in one chunk: each extra chunk costs a request and compresses
// worse on its own.
const COMMON_MODULES =
  /app[\\/](components[\\/](static-html|ui[\\/](icons|page-link)|content[\\/]access-badge|engagement[\\/]bookmark-button|responsive-image)|lib[\\/](format|nonce|plain-link-click)|modules[\\/](site[\\/]meta|content[\\/]text|storage[\\/]responsive-image))\./;

export default defineConfig({
  plugins: [
    tailwindcss(),
    // The reader's words: app/locales/<lang>/messages.po compiled for Lingui (issue 50, ADR 048).
    poCatalogues(),
    // ...and in the browser's build, the English words inlined where the code asks for them (no runtime, no catalogue).
    englishInBrowser(),
    reactRouter(),
    {
      // The error page, the account menu and the islands flag (ADR 045: server only there) and the review and comment
      // forms only render: with no side effects to keep, the browser build
      // drops their static import (they load lazily there; the server renders the forms at once for a data-saver page,
      // which has no script) and a page costs nothing until it needs them.
      name: "nuru:lazy-shell-parts-have-no-side-effects",
      transform(code, id) {
        if (
          /components[\\/](islands|layout[\\/](error-view|account-menu)|engagement[\\/](comment|review)-form)\.tsx$/.test(
            id,
          )
        )
          return { code, moduleSideEffects: false };
      },
    },
  ],
  // `npm run build:production` (NURU_BUILD=production): the server build holds no local stand-in; loadStandIns()
  // (app/lib/stand-ins.server.ts) then reads `true` here and the bundler drops their import (ADR 031).
  define: { "globalThis.__NURU_PRODUCTION_BUILD__": JSON.stringify(process.env.NURU_BUILD === "production") },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  // A script of its own (`?worker&url`): an islands page's one script (ADR 045), an ES module, which `npm run dev`
  // serves as one too (a classic worker's dev wrapper calls importScripts, which a page does not have).
  worker: { format: "es" },
  // Libraries of many small ES modules that every start loads, bundled so Node reads one file (ADR 020). React Router
  // and its adapters go together: one copy, so what a loader returns is an instance of the class the handler checks.
  ssr: {
    noExternal: [
      "drizzle-orm",
      "better-auth",
      /^@better-auth\//,
      "better-call",
      "kysely",
      "jose",
      "react-router",
      "@react-router/express",
      "@react-router/node",
      /^@remix-run\//,
    ],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0vite\/preload-helper/,
                  priority: 2,
                },
                { name: "common", test: COMMON_MODULES, priority: 1 },
                // The small parts every form's page shows (a notice, a submit button, reading an action's answer):
                // their own chunk, so a page with a plain form (an ebook's unlock, checkout, the dashboard) does not
                // load the review and comment forms' validation (conform and zod, about 38 KB gzip) with them.
                {
                  name: "form-parts",
                  test: /app[\\/](components[\\/]ui[\\/](form-notice|submit-button)|lib[\\/]action-result)\./,
                  priority: 1,
                },
                // Both forms load together, when a signed-in reader scrolls to them.
                {
                  name: "engagement-forms",
                  test: /app[\\/](components[\\/]engagement[\\/](review|comment)-form|modules[\\/]engagement[\\/]limits)\./,
                },
              ],
            },
          },
        },
      },
    },
  },
});
