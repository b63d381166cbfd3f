import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createFileStorage } from "~/modules/storage/storage.server";

describe("file storage", () => {
  const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-storage-unit-")));

  it("keeps buckets apart and reports content types", async () => {
    await storage.put("private", "ebooks/a.pdf", new Uint8Array([37, 80, 68, 70]), "application/pdf");
    expect((await storage.get("private", "ebooks/a.pdf"))?.contentType).toBe("application/pdf");
    expect(await storage.get("public", "ebooks/a.pdf")).toBeNull();
  });

  it("refuses keys that climb out of the bucket", async () => {
    await expect(storage.get("public", "../private/ebooks/a.pdf")).rejects.toThrow(/Unsafe/);
    await expect(storage.put("public", "/etc/passwd", new Uint8Array(), "text/plain")).rejects.toThrow(/Unsafe/);
  });
});
