// Admin uploads, streamed through the real multipart parser into storage: recognised by their bytes, held to each
// kind's size, PDFs opened with pdf.js for their page count, recorded in media_assets; refusals in the spec's words
// leave nothing behind.
import { afterAll, beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { appTestDatabase } from "../setup/app-test-database";
import { mediaAssets } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { type AdminViewer, adminViewer } from "~/modules/access/policy";
import { appStorage, createFileStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { receiveUpload, type UploadKind } from "~/modules/storage/uploads.server";
import { UPLOAD_CHECKS } from "~/modules/reader/epub-check.server";
import { UPLOAD_ERRORS } from "~/modules/storage/upload-errors";

const database = appTestDatabase();
let admin: AdminViewer;
let storage: ObjectStorage;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "up-admin@example.com", role: "admin" }));
  storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-uploads-")));
  appStorage.override = storage;
});
afterAll(() => {
  appStorage.override = undefined;
});

/** A multipart request as a browser sends it (no Content-Length: the parser must stop at the limit itself). */
function uploadRequest(bytes: Uint8Array, name: string, type = "application/octet-stream") {
  const form = new FormData();
  form.set("file", new File([Buffer.from(bytes)], name, { type }));
  return new Request("http://localhost/admin/uploads", { method: "POST", body: form });
}

const upload = (kind: UploadKind, bytes: Uint8Array, name: string) =>
  receiveUpload(uploadRequest(bytes, name), admin, kind, UPLOAD_CHECKS);

async function pdfBytes(pages: number) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage();
  return doc.save();
}

describe(`uploads (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("stores an image under a generated name, recognised by its bytes, and records it", async () => {
    const outcome = await upload("cover", PNG, "my cover.jpg");
    expect(outcome).toMatchObject({ ok: true, title: "Upload successful" });
    expect(outcome.asset).toMatchObject({ kind: "cover", contentType: "image/png", size: PNG.length, pageCount: null });
    expect(outcome.asset.key).toMatch(/^covers\/[0-9a-f-]{36}\.png$/);
    expect(outcome.asset.url).toBe(`/media/${outcome.asset.key}`);
    expect(Buffer.from((await storage.get("public", outcome.asset.key))!.bytes)).toEqual(PNG);
    const [row] = await database.db().select().from(mediaAssets).where(eq(mediaAssets.id, outcome.asset.id));
    expect(row).toMatchObject({ bucket: "public", originalName: "my cover.jpg", uploadedBy: admin.user!.id });
  });

  it("refuses a file whose bytes are not of the kind, whatever its name", async () => {
    await expect(
      upload("image", new TextEncoder().encode("<svg onload=alert(1)>hello</svg>"), "photo.png"),
    ).rejects.toMatchObject({
      code: UPLOAD_ERRORS.UPLOAD_WRONG_TYPE.code,
      status: 415,
      payload: { title: "Invalid file type", message: "Please upload a file matching: JPG, PNG, GIF, WEBP, AVIF" },
    });
    await expect(upload("pdf", PNG, "book.pdf")).rejects.toMatchObject({
      status: 415,
      message: "Please upload a file matching: PDF",
    });
  });

  it("stops reading at the kind's limit and keeps nothing", async () => {
    const before = (await storage.list("public", "covers/")).length;
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    await expect(upload("cover", big, "huge.png")).rejects.toMatchObject({
      code: UPLOAD_ERRORS.UPLOAD_TOO_LARGE.code,
      status: 413,
      payload: { title: "File too large", message: "File size must be less than 10MB" },
    });
    expect((await storage.list("public", "covers/")).length).toBe(before);
  });

  it("keeps ebook PDFs private with their page count, and refuses one pdf.js cannot open", async () => {
    const outcome = await upload("pdf", await pdfBytes(3), "Glow Guide.pdf");
    expect(outcome).toMatchObject({
      ok: true,
      asset: { kind: "pdf", url: null, pageCount: 3, contentType: "application/pdf" },
    });
    expect(await storage.stat("private", outcome.asset.key)).not.toBeNull();
    const broken = upload("pdf", new TextEncoder().encode("%PDF-1.7\nthis is not really a pdf\n%%EOF"), "b.pdf");
    await expect(broken).rejects.toMatchObject({
      code: UPLOAD_ERRORS.UPLOAD_FAILED.code,
      status: 400,
      payload: {
        title: "Upload failed",
        message: "Failed to upload ebook PDF: this PDF could not be opened. Export it again and retry.",
      },
    });
    expect(await storage.list("private", "ebooks/")).toHaveLength(1);
  });

  it("answers a request without a file, and lets only admins upload", async () => {
    const empty = new Request("http://localhost/admin/uploads", { method: "POST", body: new FormData() });
    await expect(receiveUpload(empty, admin, "image", UPLOAD_CHECKS)).rejects.toMatchObject({
      status: 400,
      message: "Failed to upload image: no file was sent",
    });
    const reader = await loadViewer(await createUser(database.db(), { email: "up-reader@example.com", role: "guest" }));
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(receiveUpload).toBeCallableWith(uploadRequest(PNG, "a.png"), reader, "image", UPLOAD_CHECKS);
  });
});
