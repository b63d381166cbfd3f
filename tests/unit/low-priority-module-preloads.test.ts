// Module preloads asked for at low priority, so first paint does not wait on them (issue 14, ADR 022).
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/lib/low-priority-module-preloads.server";

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low priority and leaves everything else as it was", () => {
    const head =
      '<head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry.js"/>' +
      '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="preload" as="image" href="/a.avif"/>é</head>';
    expect(lowPriorityModulePreloads(Buffer.from(head)).toString()).toBe(
      '<head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/framework.js" nonce="n"/><link rel="preload" as="image" href="/a.avif"/>é</head>',
    );
  });

  it("returns the same chunk when it holds no module preload", () => {
    const body = Buffer.from("<main><p>modulepreload is only a word here</p></main>");
    expect(lowPriorityModulePreloads(body)).toBe(body);
  });
});
