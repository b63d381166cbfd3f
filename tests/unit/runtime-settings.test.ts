// The server's runtime settings live in one module (issue 31 item 5): the launch flags package.json passes to Node
// are the module's, and no other file of the app, its scripts or server.js sets a V8 flag.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LAUNCH, launchCommand } from "~/lib/runtime-settings.server";

describe("runtime settings", () => {
  it("are the ones package.json's serve script starts Node with", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts.serve).toBe(launchCommand("server.js"));
    expect(scripts.serve).toContain("MALLOC_ARENA_MAX=2");
    expect(LAUNCH.nodeFlags).toContain("--no-concurrent-recompilation");
  });

  it("are set nowhere else", () => {
    const hits = execFileSync(
      "git",
      [
        "grep",
        "--untracked",
        "-l",
        "-E",
        "setFlagsFromString|MALLOC_ARENA_MAX=|--max-semi-space-size",
        "--",
        "app",
        "scripts",
        "server.js",
      ],
      { encoding: "utf8" },
    )
      .trim()
      .split("\n");
    expect(hits).toEqual(["app/lib/runtime-settings.server.ts"]);
  });
});
