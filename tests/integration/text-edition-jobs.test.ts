// Text editions made out of the admin's request (issue 32, ADR 032), against a real database and file store: an EPUB
// uploaded through the real multipart path (checked by its bytes), a save that only asks the job and answers while
// the job is still reading, two runners that make an edition once, a failure that may pass retried, one that cannot
// recorded with its reason, and a claim left by a crashed runner taken over. Readers get the EPUB's sections in spine
// order; a reader without access gets nothing (the route answers 404).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { appTestDatabase } from "../setup/app-test-database";
import { loadAdmin } from "../setup/admin-viewer";
import { epubBytes, epubFiles, SAMPLE_CHAPTERS } from "../setup/epub-file";
import { ebookTextEditions, ebooks } from "~/db/schema";
import { createEbook, createPaidOrder, createPurchase, createUser } from "~/db/seed/factories";
import { type AdminViewer } from "~/modules/access/policy";
import { loadViewer } from "~/modules/access/viewer.server";
import { createEbook as adminCreateEbook, updateEbook } from "~/modules/content/ebook-admin.server";
import { ebookFormSchema } from "~/modules/content/ebook-form";
import { appStorage, createFileStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { receiveUpload } from "~/modules/storage/uploads.server";
import { UPLOAD_CHECKS } from "~/modules/reader/epub-check.server";
import { listMediaAssets } from "~/modules/storage/media-library.server";
import {
  getTextEditionForAdmin,
  openTextSection,
  prepareTextEditionsSoon,
  processTextEditions,
  requestTextEditionForSystem,
  TEXT_CLAIM_MS,
} from "~/modules/reader/text-edition.server";

const database = appTestDatabase();
let admin: AdminViewer;
let files: ObjectStorage;

/** The file store, with reads of source files that can be held (to look while the job works) or made to fail. */
const gate = {
  hold: null as Promise<void> | null,
  failNext: 0,
  reads: new Map<string, number>(),
};
let storage: ObjectStorage;

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "epub-admin@example.com", role: "admin" }));
  files = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-epub-it-")));
  storage = {
    ...files,
    async get(bucket, key) {
      if (key.startsWith("ebooks")) {
        gate.reads.set(key, (gate.reads.get(key) ?? 0) + 1);
        if (gate.hold) await gate.hold;
        if (gate.failNext > 0) {
          gate.failNext--;
          throw new Error("storage unreachable");
        }
      }
      return files.get(bucket, key);
    },
  };
  appStorage.override = storage;
});
afterAll(() => {
  appStorage.override = undefined;
});

function held() {
  let release!: () => void;
  gate.hold = new Promise<void>((resolve) => (release = resolve));
  return () => {
    gate.hold = null;
    release();
  };
}

async function uploadEpub(bytes: Uint8Array) {
  const form = new FormData();
  form.set("file", new File([Buffer.from(bytes)], "book.epub", { type: "application/epub+zip" }));
  return receiveUpload(
    new Request("http://localhost/admin/uploads", { method: "POST", body: form }),
    admin,
    "epub",
    UPLOAD_CHECKS,
  );
}

const formInput = (fields: Record<string, unknown>) =>
  ebookFormSchema.parse({ title: "The Village Well", accessType: "premium", price: "450", ...fields });

async function editionRow(ebookId: string) {
  const [row] = await database.db().select().from(ebookTextEditions).where(eq(ebookTextEditions.ebookId, ebookId));
  return row;
}

async function buyerOf(ebookId: string) {
  const person = await createUser(database.db(), { email: `buyer-${randomUUID()}@example.com`, role: "guest" });
  const { order } = await createPaidOrder(database.db(), {
    userId: person.id,
    item: { kind: "ebook", ebookId, basePriceCents: 45000 },
  });
  await createPurchase(database.db(), { userId: person.id, ebookId, orderId: order.id, pricePaidCents: 45000 });
  return loadViewer(person);
}

describe(`text editions made by the job (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("refuses an upload that is not an EPUB by its bytes, with the reason", async () => {
    const wrong = zipSync({
      ...epubFiles({ chapters: SAMPLE_CHAPTERS }),
      mimetype: [strToU8("application/epub+zip"), { level: 9 }],
    });
    await expect(uploadEpub(strToU8("just some words"))).rejects.toMatchObject({
      status: 415,
      message: "Please upload a file matching: EPUB",
    });
    await expect(uploadEpub(wrong)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(
        /^Failed to upload EPUB: this is not an EPUB \(its first entry must be an uncompressed/,
      ),
    });
    const traversal = zipSync({ ...epubFiles({ chapters: SAMPLE_CHAPTERS }), "../escape.xhtml": strToU8("<p>x</p>") });
    await expect(uploadEpub(traversal)).rejects.toMatchObject({
      status: 400,
      message: "Failed to upload EPUB: the EPUB holds a file with an unsafe path.",
    });
  });

  it("saves at once with the edition preparing, then the job makes it from the EPUB in spine order, gated", async () => {
    const uploaded = await uploadEpub(
      epubBytes({ chapters: SAMPLE_CHAPTERS, spine: ["three.xhtml", "one.xhtml", "two.xhtml"] }),
    );
    expect(uploaded.asset.key).toMatch(/^ebooks-epub\/[0-9a-f-]{36}\.epub$/);

    const release = held();
    const { id, textEdition } = await adminCreateEbook(admin, formInput({ epubAssetId: uploaded.asset.id }));
    expect(textEdition).toBe(true);
    // The save has returned while the job still waits on the file: the admin sees it preparing.
    expect(await getTextEditionForAdmin(admin, id)).toMatchObject({ state: "preparing", source: "epub" });
    release();
    await prepareTextEditionsSoon();
    const ready = await getTextEditionForAdmin(admin, id);
    expect(ready).toMatchObject({ state: "ready", source: "epub", enabled: true, error: null });
    expect(ready.toc.map((s) => s.title)).toEqual(["Home", "The Well", "The Road"]);
    expect(ready.preview[0].blocks[0]).toBe("<h2>Home</h2>");

    // The files list counts the EPUB as used by the ebook, so it is never offered for removal.
    const listed = (await listMediaAssets(admin, {})).items.find((item) => item.key === uploaded.asset.key);
    expect(listed?.usedIn).toEqual([{ type: "ebook", id, title: "The Village Well" }]);
    expect(listed?.removable).toBe(false);

    const buyer = await buyerOf(id);
    const first = await openTextSection({ ebookId: id, viewer: buyer, section: 0 });
    expect(first?.toc.map((s) => s.title)).toEqual(["Home", "The Well", "The Road"]);
    const road = await openTextSection({ ebookId: id, viewer: buyer, section: 2 });
    expect(road?.section.blocks.join("")).toContain("She walked it at dawn.");
    expect(road?.section.blocks.join("")).not.toMatch(/script|stolen|<img/);

    const stranger = await loadViewer(
      await createUser(database.db(), { email: `stranger-${randomUUID()}@example.com`, role: "guest" }),
    );
    expect(await openTextSection({ ebookId: id, viewer: stranger, section: 0 })).toBeNull();

    // A later PDF does not replace the EPUB's edition: the EPUB wins while it is attached.
    await files.put("private", "ebooks/later.pdf", new Uint8Array([37, 80, 68, 70]), "application/pdf");
    await database.db().update(ebooks).set({ filePath: "ebooks/later.pdf" }).where(eq(ebooks.id, id));
    await requestTextEditionForSystem(id);
    await processTextEditions();
    expect(await getTextEditionForAdmin(admin, id)).toMatchObject({ state: "ready", source: "epub" });

    // Removing the EPUB makes it from the PDF again (this one has no text, so it fails with the reason).
    expect(await updateEbook(admin, id, formInput({ removeEpub: true }))).toEqual({ textEdition: true });
    await prepareTextEditionsSoon();
    expect(await getTextEditionForAdmin(admin, id)).toMatchObject({
      state: "failed",
      source: "pdf",
      error: "The PDF's text could not be read.",
    });
    expect(await openTextSection({ ebookId: id, viewer: buyer, section: 0 })).toBeNull();
  });

  it("drops the edition when the EPUB is removed from an ebook without a PDF", async () => {
    const uploaded = await uploadEpub(epubBytes({ chapters: SAMPLE_CHAPTERS }));
    const { id } = await adminCreateEbook(admin, formInput({ epubAssetId: uploaded.asset.id }));
    await prepareTextEditionsSoon();
    const buyer = await buyerOf(id);
    expect(await openTextSection({ ebookId: id, viewer: buyer, section: 0 })).not.toBeNull();
    expect(await updateEbook(admin, id, formInput({ removeEpub: true }))).toEqual({ textEdition: false });
    expect(await getTextEditionForAdmin(admin, id)).toMatchObject({ state: "none" });
    expect(await openTextSection({ ebookId: id, viewer: buyer, section: 0 })).toBeNull();
  });

  it("makes an edition once with two runners at once", async () => {
    await files.put("private", "ebooks/twice.epub", epubBytes({ chapters: SAMPLE_CHAPTERS }), "application/epub+zip");
    const ebook = await createEbook(database.db(), { accessType: "premium", priceCents: 45000 });
    await database.db().update(ebooks).set({ epubPath: "ebooks/twice.epub" }).where(eq(ebooks.id, ebook.id));
    await requestTextEditionForSystem(ebook.id);
    const release = held();
    const runs = Promise.all([processTextEditions(), processTextEditions()]);
    release();
    const [a, b] = await runs;
    expect(a.ready + b.ready).toBe(1);
    expect(gate.reads.get("ebooks/twice.epub")).toBe(1);
    expect(await getTextEditionForAdmin(admin, ebook.id)).toMatchObject({ state: "ready" });
  });

  it("records a failure that may pass and tries again after the wait; a lasting one is recorded with its reason", async () => {
    await files.put("private", "ebooks/retry.epub", epubBytes({ chapters: SAMPLE_CHAPTERS }), "application/epub+zip");
    const ebook = await createEbook(database.db(), { accessType: "premium", priceCents: 45000 });
    await database.db().update(ebooks).set({ epubPath: "ebooks/retry.epub" }).where(eq(ebooks.id, ebook.id));
    const now = new Date(Date.now() + 60 * 60_000);
    await requestTextEditionForSystem(ebook.id, { now });
    gate.failNext = 1;
    expect(await processTextEditions({ now })).toMatchObject({ retrying: 1, ready: 0 });
    expect(await getTextEditionForAdmin(admin, ebook.id)).toMatchObject({
      state: "preparing",
      error: "The ebook's file could not be read (attempt 1 of 3).",
    });
    expect((await editionRow(ebook.id)).runAfter).toEqual(new Date(now.getTime() + 60_000));
    // Not before its time.
    expect(await processTextEditions({ now: new Date(now.getTime() + 30_000) })).toMatchObject({ ready: 0 });
    expect(await processTextEditions({ now: new Date(now.getTime() + 61_000) })).toMatchObject({ ready: 1 });
    expect(await getTextEditionForAdmin(admin, ebook.id)).toMatchObject({ state: "ready", error: null });

    // An EPUB that got past no check (stored by hand) fails for good, with the reader's reason, and is not retried.
    await files.put("private", "ebooks/broken.epub", strToU8("not a zip at all"), "application/epub+zip");
    await database.db().update(ebooks).set({ epubPath: "ebooks/broken.epub" }).where(eq(ebooks.id, ebook.id));
    await requestTextEditionForSystem(ebook.id, { now });
    expect(await processTextEditions({ now })).toMatchObject({ failed: 1 });
    expect(await getTextEditionForAdmin(admin, ebook.id)).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^The EPUB could not be read: this is not an EPUB/),
    });
    expect(await processTextEditions({ now: new Date(now.getTime() + 24 * 60 * 60_000) })).toMatchObject({ failed: 0 });
  });

  it("takes over an edition whose runner died, and drops what that runner finishes late", async () => {
    await files.put("private", "ebooks/crash.epub", epubBytes({ chapters: SAMPLE_CHAPTERS }), "application/epub+zip");
    const ebook = await createEbook(database.db(), { accessType: "premium", priceCents: 45000 });
    await database.db().update(ebooks).set({ epubPath: "ebooks/crash.epub" }).where(eq(ebooks.id, ebook.id));
    const now = new Date(Date.now() + 2 * 60 * 60_000);
    await requestTextEditionForSystem(ebook.id, { now });
    const release = held();
    const stuck = processTextEditions({ now });
    // Wait for the first runner to claim it (it is then waiting on the file).
    while (!(await editionRow(ebook.id)).claim) await new Promise((r) => setImmediate(r));
    gate.hold = null;
    expect(await processTextEditions({ now: new Date(now.getTime() + 60_000) })).toMatchObject({ ready: 0 });
    const later = new Date(now.getTime() + TEXT_CLAIM_MS + 1000);
    expect(await processTextEditions({ now: later })).toMatchObject({ ready: 1 });
    const taken = await editionRow(ebook.id);
    release();
    expect(await stuck).toMatchObject({ ready: 0, superseded: 1 });
    expect((await editionRow(ebook.id)).fileKey).toBe(taken.fileKey);
    expect(await files.get("private", taken.fileKey!)).not.toBeNull();
  });
});
