// The route manifest React Router writes into every page, without its indentation (issue 14).
import { describe, expect, it } from "vitest";
import { compactRouteManifest } from "~/lib/compact-route-manifest.server";

const manifest = { entry: { module: "/assets/entry.js", imports: ["/assets/a.js"] }, routes: { root: { id: "root" } } };
const script = (json: string) =>
  `<script type="module">;\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {"root":route0};\n</script>`;

describe("compactRouteManifest", () => {
  it("writes the manifest without whitespace and leaves the rest of the chunk as it was", () => {
    const before = Buffer.from(`<p>é</p>${script(JSON.stringify(manifest, null, 2))}<p>after</p>`);
    const after = compactRouteManifest(before).toString();
    expect(after).toBe(`<p>é</p>${script(JSON.stringify(manifest))}<p>after</p>`);
    expect(after.length).toBeLessThan(before.toString().length);
  });

  it("returns the same chunk when there is no manifest, or one it cannot read whole", () => {
    const none = Buffer.from("<main>no scripts here</main>");
    expect(compactRouteManifest(none)).toBe(none);
    const cut = Buffer.from(script(JSON.stringify(manifest, null, 2)).slice(0, 80));
    expect(compactRouteManifest(cut)).toBe(cut);
    const broken = Buffer.from(script("{ not json"));
    expect(compactRouteManifest(broken)).toBe(broken);
  });
});
