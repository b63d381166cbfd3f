import { describe, expect, it } from "vitest";
import type { ObjectStorage } from "~/modules/storage/storage.server";

// What every object storage adapter must do, run against each (the disk adapter and S3 through its stand-in).

const bytes = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 13) % 251);

async function drain(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!stream) throw new Error("no stream");
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A stream of `total` bytes given out in small chunks, as an upload arrives. */
function slowStream(data: Uint8Array, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= data.length) return controller.close();
      controller.enqueue(data.subarray(at, at + chunk));
      at += chunk;
    },
  });
}

export function storageContract(name: string, storage: () => ObjectStorage) {
  describe(`${name} storage contract`, () => {
    it("puts, gets and deletes, keeping buckets apart and the content type", async () => {
      const s = storage();
      await s.put("private", "ebooks/a.pdf", bytes(10), "application/pdf");
      expect(await s.get("private", "ebooks/a.pdf")).toEqual({
        bytes: expect.any(Uint8Array),
        contentType: "application/pdf",
      });
      expect(Buffer.from((await s.get("private", "ebooks/a.pdf"))!.bytes)).toEqual(Buffer.from(bytes(10)));
      expect(await s.get("public", "ebooks/a.pdf")).toBeNull();
      await s.delete("private", "ebooks/a.pdf");
      expect(await s.get("private", "ebooks/a.pdf")).toBeNull();
      await s.delete("private", "ebooks/never-there.pdf");
    });

    it("states size and a validator that changes with the bytes", async () => {
      const s = storage();
      expect(await s.stat("public", "covers/none.png")).toBeNull();
      await s.put("public", "covers/c.png", bytes(100), "image/png");
      const first = await s.stat("public", "covers/c.png");
      expect(first).toMatchObject({ size: 100, contentType: "image/png" });
      await new Promise((r) => setTimeout(r, 5));
      await s.put("public", "covers/c.png", bytes(100, 11), "image/png");
      expect((await s.stat("public", "covers/c.png"))?.etag).not.toBe(first?.etag);
    });

    it("reads the whole object or only a range, as a stream", async () => {
      const s = storage();
      const data = bytes(300_000);
      await s.put("private", "ebooks/ranged.pdf", data, "application/pdf");
      expect(Buffer.from(await drain(await s.read("private", "ebooks/ranged.pdf")))).toEqual(Buffer.from(data));
      const part = await drain(await s.read("private", "ebooks/ranged.pdf", { start: 1000, end: 1999 }));
      expect(Buffer.from(part)).toEqual(Buffer.from(data.subarray(1000, 2000)));
      expect(await s.read("private", "ebooks/missing.pdf")).toBeNull();
    });

    it("writes a large stream in one piece", async () => {
      const s = storage();
      const data = bytes(9 * 1024 * 1024 + 123, 3);
      await s.write("private", "ebooks/big.pdf", slowStream(data), "application/pdf");
      const info = await s.stat("private", "ebooks/big.pdf");
      expect(info?.size).toBe(data.length);
      expect(info?.contentType).toBe("application/pdf");
      const tail = await drain(
        await s.read("private", "ebooks/big.pdf", { start: data.length - 10, end: data.length - 1 }),
      );
      expect(Buffer.from(tail)).toEqual(Buffer.from(data.subarray(data.length - 10)));
    });

    it("lists keys under a prefix with their sizes", async () => {
      const s = storage();
      await s.put("public", "listing/b.png", bytes(2), "image/png");
      await s.put("public", "listing/a/x.png", bytes(3), "image/png");
      await s.put("private", "listing/secret.pdf", bytes(4), "application/pdf");
      expect(await s.list("public", "listing/")).toEqual([
        { key: "listing/a/x.png", size: 3 },
        { key: "listing/b.png", size: 2 },
      ]);
    });

    it("refuses keys that climb out of the bucket", async () => {
      const s = storage();
      await expect(s.get("public", "../private/ebooks/a.pdf")).rejects.toThrow(/Unsafe/);
      await expect(s.put("public", "/etc/passwd", new Uint8Array(), "text/plain")).rejects.toThrow(/Unsafe/);
    });
  });
}
