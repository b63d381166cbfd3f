// Starts Nuru from its production build (`npm run build`). The HTTP server itself is part of that build
// (app/server/http-server.server.ts, exported by app/entry.server.tsx), so Node loads one bundle instead of resolving
// thousands of library files one by one, and keeps the compiled code for the next start (ADR 020).
import { enableCompileCache } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Runtime settings (V8 flags, the allocator) live in app/lib/runtime-settings.server.ts: the launch ones in
// package.json's "serve" script, the rest applied by startHttpServer before the database opens.
enableCompileCache();
await loadProductionReact();
const root = import.meta.dirname;
/** @type {import("react-router").ServerBuild & { entry: { module: typeof import("./app/entry.server") } }} */
const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
await build.entry.module.startHttpServer({ build, root });

/**
 * React picks its development or production build from NODE_ENV when it is first loaded. `npm start` runs the shop
 * in development mode (local stand-ins, no real payments), but React's development build is for debugging in a
 * browser: on the server it renders signed-in pages at half the speed and keeps more memory (ADR 020's update of
 * 2026-11-25). React is loaded here with the production build whatever the mode; the app's own mode is untouched.
 */
async function loadProductionReact() {
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await Promise.all([import("react"), import("react/jsx-runtime"), import("react-dom"), import("react-dom/server")]);
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
}
