import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createFileStorage } from "~/modules/storage/storage.server";
import { decideRange, objectResponse } from "~/modules/storage/object-response.server";

const info = { size: 1000, etag: '"v1"' };
const headers = (h: Record<string, string>) => new Headers(h);

describe("decideRange", () => {
  it("serves one range as partial, clamps its end, and reads suffix ranges", () => {
    expect(decideRange(info, headers({ range: "bytes=0-99" }))).toEqual({
      kind: "partial",
      range: { start: 0, end: 99 },
    });
    expect(decideRange(info, headers({ range: "bytes=900-5000" }))).toEqual({
      kind: "partial",
      range: { start: 900, end: 999 },
    });
    expect(decideRange(info, headers({ range: "bytes=-100" }))).toEqual({
      kind: "partial",
      range: { start: 900, end: 999 },
    });
  });

  it("is unsatisfiable past the end, and ignores malformed, other-unit, multi-range and stale If-Range asks", () => {
    expect(decideRange(info, headers({ range: "bytes=1000-" }))).toEqual({ kind: "unsatisfiable" });
    expect(decideRange(info, headers({ range: "bytes=abc" }))).toEqual({ kind: "full" });
    expect(decideRange(info, headers({ range: "items=0-5" }))).toEqual({ kind: "full" });
    expect(decideRange(info, headers({ range: "bytes=0-9,500-509" }))).toEqual({ kind: "full" });
    expect(decideRange(info, headers({ range: "bytes=0-9", "if-range": '"v0"' }))).toEqual({ kind: "full" });
    expect(decideRange(info, headers({ range: "bytes=0-9", "if-range": '"v1"' }))).toMatchObject({
      kind: "partial",
    });
    expect(decideRange(info, headers({}))).toEqual({ kind: "full" });
  });
});

describe("objectResponse over file storage", () => {
  const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-object-unit-")));
  const bytes = new Uint8Array(Array.from({ length: 5000 }, (_, i) => i % 251));
  const answer = async (h: Record<string, string> = {}, method = "GET") =>
    objectResponse({
      storage,
      bucket: "public",
      key: "covers/a.png",
      request: new Request("http://x/media/covers/a.png", { method, headers: h }),
      headers: { "Cache-Control": "public, max-age=60" },
    });

  it("streams whole objects and ranges with lengths, validators and the caller's headers", async () => {
    await storage.put("public", "covers/a.png", bytes, "image/png");
    const full = await answer();
    expect(full.status).toBe(200);
    expect(full.headers.get("content-length")).toBe("5000");
    expect(full.headers.get("content-type")).toBe("image/png");
    expect(full.headers.get("cache-control")).toBe("public, max-age=60");
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(bytes);
    const etag = full.headers.get("etag")!;

    const part = await answer({ range: "bytes=4990-" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 4990-4999/5000");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(4990));

    expect((await answer({ "if-none-match": etag })).status).toBe(304);
    expect((await answer({ range: "bytes=6000-" })).status).toBe(416);
    const head = await answer({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("5000");
    expect(await head.text()).toBe("");
  });

  it("answers 404 for a missing object", async () => {
    const missing = await objectResponse({
      storage,
      bucket: "public",
      key: "covers/none.png",
      request: new Request("http://x/"),
      headers: {},
    });
    expect(missing.status).toBe(404);
  });

  it("writes streams whole, and changes the ETag when the bytes change", async () => {
    const before = await storage.stat("public", "covers/a.png");
    await new Promise((r) => setTimeout(r, 5));
    await storage.write("public", "covers/a.png", new Blob([new Uint8Array([1, 2, 3])]).stream(), "image/png");
    const after = await storage.stat("public", "covers/a.png");
    expect(after?.size).toBe(3);
    expect(after?.etag).not.toBe(before?.etag);
    expect(await storage.stat("public", "covers/nothing.png")).toBeNull();
    expect(await storage.read("public", "covers/nothing.png")).toBeNull();
  });
});
