// Starts Nuru from its production build (`npm run build`). The HTTP server itself is part of that build
// (app/lib/http-server.server.ts, exported by app/entry.server.tsx), so Node loads one bundle instead of resolving
// thousands of library files one by one, and keeps the compiled code for the next start (ADR 020).
import { enableCompileCache } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";

// The old generation may grow to 1.5x what survived the last full collection, not V8's default of up to 4x: under
// load, pages' short-lived strings and buffers then keep about 240 MB resident instead of 380-400, at the same
// throughput (ADR 022). Set here, so every way of starting the server gets it.
v8.setFlagsFromString("--heap-growing-percent=50");
enableCompileCache();
const root = import.meta.dirname;
/** @type {import("react-router").ServerBuild & { entry: { module: typeof import("./app/entry.server") } }} */
const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
await build.entry.module.startHttpServer({ build, root });
