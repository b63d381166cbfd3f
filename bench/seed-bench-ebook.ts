// The one way the reader benchmarks prepare a data directory: the demo shop plus one free ebook made from a
// generated PDF (bench/reader-seed.ts, bench/ebook-text-seed.ts). Prints the ebook's id and the PDF's size as JSON.
import path from "node:path";
import { randomUUID } from "node:crypto";
import { openDatabase } from "../app/db/client.server";
import { createEbook } from "../app/db/seed/factories";
import { seedDemo } from "../app/db/seed/demo";
import { createFileStorage, type ObjectStorage } from "../app/modules/storage/storage.server";

type Handle = ReturnType<typeof openDatabase>;

export async function seedBenchEbook(input: {
  dataDir: string;
  title: string;
  pages: number;
  pdf: () => Promise<Uint8Array>;
  /** Runs once the ebook exists (its text edition, say). */
  then?: (ebookId: string, handle: Handle, storage: ObjectStorage) => Promise<void>;
}) {
  const handle = openDatabase({ dataDir: input.dataDir });
  await handle.migrate();
  const storage = createFileStorage(path.resolve(input.dataDir, "storage"));
  await seedDemo(handle.db, storage);
  const bytes = await input.pdf();
  const fileKey = `ebooks/${randomUUID()}.pdf`;
  await storage.put("private", fileKey, bytes, "application/pdf");
  const ebook = await createEbook(handle.db, {
    title: input.title,
    accessType: "free",
    priceCents: null,
    filePath: fileKey,
    pageCount: input.pages,
  });
  await input.then?.(ebook.id, handle, storage);
  console.log(JSON.stringify({ ebookId: ebook.id, bytes: bytes.length }));
  await handle.close();
}
