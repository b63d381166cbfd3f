import type { Bucket, ObjectStorage } from "./storage.server";

// Opens a stored PDF with pdf.js the way the reader will, fetching only the ranges it needs (a 200 MB file is
// never held in memory), and answers its page count, or null when pdf.js cannot open it.

async function readRange(storage: ObjectStorage, bucket: Bucket, key: string, start: number, end: number) {
  const stream = await storage.read(bucket, key, { start, end });
  if (!stream) throw new Error("The file disappeared while it was checked");
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function pdfPageCount(
  storage: ObjectStorage,
  bucket: Bucket,
  key: string,
  size: number,
): Promise<number | null> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  class StorageRanges extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      readRange(storage, bucket, key, begin, end - 1).then(
        (bytes) => this.onDataRange(begin, bytes),
        () => this.abort(),
      );
    }
  }
  const first = await readRange(storage, bucket, key, 0, Math.min(size, 65536) - 1);
  const task = pdfjs.getDocument({
    range: new StorageRanges(size, first),
    rangeChunkSize: 65536,
    disableAutoFetch: true,
    disableStream: true,
    disableFontFace: true,
    useWasm: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    return pdf.numPages > 0 ? pdf.numPages : null;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
