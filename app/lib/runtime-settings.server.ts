// Every runtime setting of the server process, in one place (issue 31, ADR 020 "Runtime settings"). Two kinds:
// - launch settings, which V8 and the C allocator read once when the process starts, so they can only be given on
//   Node's command line and in its environment: package.json's "serve" script carries them, and
//   tests/unit/runtime-settings.test.ts fails when that script and LAUNCH differ;
// - V8 flags that may change while running, set by `applyServerRuntimeSettings()` when the HTTP server starts,
//   before the embedded database compiles its WebAssembly.
// Nothing else in the app or its scripts sets a V8 flag (the same test checks).
import v8 from "node:v8";
import vm from "node:vm";

export const LAUNCH = {
  env: {
    // glibc gives threads that allocate heap arenas of their own (up to 8 per core), each keeping freed memory:
    // two arenas took malloc's share under load from 68 to 54 MB at the same throughput (ADR 020).
    MALLOC_ARENA_MAX: "2",
  },
  nodeFlags: [
    // The young generation's semi-spaces: 8 MB, not the 64 MB V8 sizes from a 24 GiB machine. A page's short-lived
    // objects die young either way; with 1.2x heap growth below, RSS under load 283-291 -> 250-256 MB (ADR 022).
    "--max-semi-space-size=8",
    // V8 optimizes hot JavaScript on background threads whose compiler zones stay resident in malloc's arenas: peak
    // 265-271 MB with this flag against 288-301 without, throughput within the noise on 2 cores (ADR 020).
    "--no-concurrent-recompilation",
  ],
} as const;

/** The launch settings as the shell command the "serve" script runs (checked against package.json). */
export function launchCommand(script: string): string {
  const env = Object.entries(LAUNCH.env).map(([name, value]) => `${name}=${value}`);
  return [...env, "node", ...LAUNCH.nodeFlags, script].join(" ");
}

/** Run-time V8 flags of the server process; called once, first thing when the HTTP server starts. */
export function applyServerRuntimeSettings() {
  // The old generation may grow to 1.2x what survived the last full collection, not V8's default of up to 4x: under
  // load, pages' short-lived strings and buffers then stay far less resident (400 -> 240 MB at 1.5x, 30 MB less again
  // at 1.2x with 8 MB semi-spaces), at the same throughput (ADR 022).
  v8.setFlagsFromString("--heap-growing-percent=20");
  // PGlite is PostgreSQL compiled to WebAssembly. V8 compiles it quickly (Liftoff) and then recompiles the functions
  // that turn hot with its optimizing compiler, whose work on PostgreSQL's large functions (the parser, the executor)
  // took 170 MB at start and over 400 MB under the first queries, of which about 50 MB stays resident. Without it
  // `npm start` idles about 55 MB lower and queries run about a fifth slower, which the embedded database (the demo,
  // small shops) can afford (ADR 020). Must be set before PGlite compiles its module, so before the database opens.
  // Node's own `fetch` also parses HTTP in WebAssembly; the server's few outgoing calls (payments, mail, AI) are not
  // hot. Scripts and tests that open PGlite themselves keep V8's defaults (faster queries, more memory).
  v8.setFlagsFromString("--no-wasm-tier-up");
  v8.setFlagsFromString("--no-wasm-dynamic-tiering");
}

/** V8's full collector. Node offers it only behind --expose-gc: set now, the flag applies to contexts created from
 *  now on, so the function comes from a throwaway context and the app's own global never gets a `gc`. */
export function collectAllGarbage() {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as (options: Record<string, string>) => void;
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
}
