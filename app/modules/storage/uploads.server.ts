import { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import Busboy from "busboy";
import { recordActivity } from "~/modules/admin/activity.server";
import { getDb } from "~/db/client.server";
import { mediaAssets, type ImageVariantSet } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { type Viewer, type AdminViewer } from "~/modules/access/policy";
import { getStorage, publicUrl, type Bucket, type ObjectStorage } from "./storage.server";
import { pdfPageCount } from "./pdf-check.server";
import { createImageVariants, deleteImageWithVariants, type ImageFacts } from "./image-variants.server";
import { AppError, isAppError } from "~/lib/app-error";
import { UPLOAD_ERRORS } from "./upload-errors";

// Admin uploads: streamed from the request to storage (busboy; never a whole file in memory), recognised by their
// bytes (file-type), not their names, held to each kind's size, stored under a generated name, and recorded in
// media_assets. Ebook PDFs go to the private bucket and must open in pdf.js; EPUBs too, and must read as an EPUB
// (reader/epub-check.server.ts, handed in as UploadChecks). Images and covers get responsive
// copies beside them (image-variants.server.ts) before the upload is answered, so the URL handed back is complete.

export const UPLOAD_KINDS = {
  image: {
    label: "image",
    maxMb: 50,
    types: ["jpg", "png", "gif", "webp", "avif"],
    bucket: "public",
    prefix: "images",
  },
  video: { label: "video", maxMb: 100, types: ["mp4", "webm", "mov"], bucket: "public", prefix: "videos" },
  cover: { label: "cover", maxMb: 10, types: ["jpg", "png", "webp", "avif"], bucket: "public", prefix: "covers" },
  pdf: { label: "ebook PDF", maxMb: 200, types: ["pdf"], bucket: "private", prefix: "ebooks" },
  epub: { label: "EPUB", maxMb: 50, types: ["epub"], bucket: "private", prefix: "ebooks-epub" },
} as const satisfies Record<
  string,
  { label: string; maxMb: number; types: readonly string[]; bucket: Bucket; prefix: string }
>;

export type UploadKind = keyof typeof UPLOAD_KINDS;

export function isUploadKind(value: unknown): value is UploadKind {
  return typeof value === "string" && Object.hasOwn(UPLOAD_KINDS, value);
}

/** A kind's size limit in bytes (the PDF limit comes from UPLOAD_PDF_MAX_MB). */
export function uploadLimitMb(kind: UploadKind): number {
  return kind === "pdf" ? getEnv().UPLOAD_PDF_MAX_MB : UPLOAD_KINDS[kind].maxMb;
}

/** Room for the multipart framing around the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadedAsset {
  id: string;
  kind: UploadKind;
  key: string;
  /** Where a public file is shown; null for private ones (ebook PDFs). */
  url: string | null;
  size: number;
  contentType: string;
  pageCount: number | null;
  /** An image's size in pixels and its responsive copies (null for other kinds; no copies for GIFs). */
  width: number | null;
  height: number | null;
  variants: ImageVariantSet | null;
}

/** A stored upload; a refusal is thrown as an AppError of UPLOAD_ERRORS, in the spec's words. */
export interface UploadStored {
  ok: true;
  title: "Upload successful";
  message: string;
  asset: UploadedAsset;
}

const tooLarge = (kind: UploadKind) =>
  new AppError(UPLOAD_ERRORS.UPLOAD_TOO_LARGE, `File size must be less than ${uploadLimitMb(kind)}MB`);
const wrongType = (kind: UploadKind) =>
  new AppError(
    UPLOAD_ERRORS.UPLOAD_WRONG_TYPE,
    `Please upload a file matching: ${UPLOAD_KINDS[kind].types.map((t) => t.toUpperCase()).join(", ")}`,
  );
const failed = (kind: UploadKind, why: string) =>
  new AppError(UPLOAD_ERRORS.UPLOAD_FAILED, `Failed to upload ${UPLOAD_KINDS[kind].label}: ${why}`);

/** The first `n` bytes of a stream (or all of it when shorter), leaving the rest to be read. */
function readHead(stream: Readable, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const finish = () => {
      stream.pause();
      stream.off("data", onData);
      stream.off("end", finish);
      stream.off("error", reject);
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= n) finish();
    };
    stream.on("data", onData);
    stream.once("end", finish);
    stream.once("error", reject);
  });
}

/**
 * A check of a file once stored, before the upload is answered: null when it passes, else what is wrong with it in
 * words the admin can act on (the file is then deleted and the upload refused).
 */
export type StoredFileCheck = (storage: ObjectStorage, bucket: Bucket, key: string) => Promise<string | null>;

/**
 * The checks of kinds storage cannot read itself: an EPUB is read by the reader's EPUB code (reader/epub-check.server.ts
 * `UPLOAD_CHECKS`). Required, so no caller can forget them; storage does not import the reader.
 */
export interface UploadChecks {
  epub: StoredFileCheck;
}

async function storeFile(
  viewer: Viewer,
  kind: UploadKind,
  file: Readable & { truncated?: boolean },
  originalName: string | undefined,
  checks: UploadChecks,
): Promise<UploadStored> {
  const spec = UPLOAD_KINDS[kind];
  const head = await readHead(file, 4100);
  const detected = head.length > 0 ? await (await import("file-type")).fileTypeFromBuffer(head) : undefined;
  if (!detected || !(spec.types as readonly string[]).includes(detected.ext)) {
    file.resume();
    throw wrongType(kind);
  }
  const storage = getStorage();
  const key = `${spec.prefix}/${randomUUID()}.${detected.ext}`;
  let size = 0;
  const body = Readable.from(
    (async function* () {
      size += head.length;
      yield head;
      for await (const chunk of file as AsyncIterable<Buffer>) {
        size += chunk.length;
        yield chunk;
      }
    })(),
  );
  await storage.write(spec.bucket, key, Readable.toWeb(body) as ReadableStream<Uint8Array>, detected.mime);
  if (file.truncated) {
    await storage.delete(spec.bucket, key);
    throw tooLarge(kind);
  }
  let pageCount: number | null = null;
  if (kind === "pdf") {
    pageCount = await pdfPageCount(storage, spec.bucket, key, size);
    if (!pageCount) {
      await storage.delete(spec.bucket, key);
      throw failed(kind, "this PDF could not be opened. Export it again and retry.");
    }
  }
  if (kind === "epub") {
    // The text edition is made from it later (by a job); a file it cannot read is refused now, with the reason.
    const problem = await checks.epub(storage, spec.bucket, key);
    if (problem) {
      await storage.delete(spec.bucket, key);
      throw failed(kind, problem);
    }
  }
  let image: ImageFacts | null = null;
  if (kind === "image" || kind === "cover") {
    try {
      image = await createImageVariants(storage, spec.bucket, key, detected.ext);
    } catch (error) {
      await storage.delete(spec.bucket, key);
      // CASE: not an image sharp can read -> the spec's words, naming the kind (image or cover image).
      if (isAppError(error, UPLOAD_ERRORS.IMAGE_UNREADABLE))
        throw failed(kind, "this image could not be read. Save it again (JPG, PNG or WebP) and retry.");
      throw error;
    }
  }
  const recorded = getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(mediaAssets)
      .values({
        kind,
        bucket: spec.bucket,
        key,
        contentType: detected.mime,
        size,
        originalName: originalName?.slice(0, 200) || null,
        pageCount,
        width: image?.width ?? null,
        height: image?.height ?? null,
        variants: image?.variants ?? null,
        uploadedBy: viewer.user!.id,
      })
      .returning({ id: mediaAssets.id });
    await recordActivity(tx, viewer, {
      action: "uploaded",
      entityType: "upload",
      entityId: inserted[0].id,
      summary: `${UPLOAD_KINDS[kind].label}: ${originalName ?? key}`,
      changes: { key: { before: null, after: key }, size: { before: null, after: size } },
    });
    return inserted;
  });
  // Unrecorded files would be invisible to any clean-up: the original and its copies go if the row cannot be written.
  const [row] = await recorded.catch(async (error: unknown) => {
    await deleteImageWithVariants(storage, spec.bucket, key, image?.variants).catch(() => undefined);
    throw error;
  });
  return {
    ok: true,
    title: "Upload successful",
    message: `${originalName ?? "The file"} is uploaded.`,
    asset: {
      id: row.id,
      kind,
      key,
      url: spec.bucket === "public" ? publicUrl(key) : null,
      size,
      contentType: detected.mime,
      pageCount,
      width: image?.width ?? null,
      height: image?.height ?? null,
      variants: image?.variants ?? null,
    },
  };
}

/**
 * Reads one file (field `file`) from a multipart request and stores it; every refusal is thrown as an AppError of
 * UPLOAD_ERRORS that says why in the spec's words.
 */
export async function receiveUpload(
  request: Request,
  viewer: AdminViewer,
  kind: UploadKind,
  checks: UploadChecks,
): Promise<UploadStored> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type) || !request.body) throw failed(kind, "no file was sent");
  const maxBytes = uploadLimitMb(kind) * 1024 * 1024;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge(kind);

  return new Promise<UploadStored>((resolve, reject) => {
    let settled = false;
    let work: Promise<UploadStored | AppError> | null = null;
    const settle = (outcome: UploadStored | AppError) => {
      if (settled) return;
      settled = true;
      if (outcome instanceof AppError) reject(outcome);
      else resolve(outcome);
    };
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { "content-type": type },
        limits: { files: 1, fileSize: maxBytes, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
      });
    } catch {
      return settle(failed(kind, "the upload could not be read"));
    }
    parser.on("file", (field, stream, info) => {
      if (field !== "file" || work) {
        stream.resume();
        return;
      }
      work = storeFile(viewer, kind, stream, info.filename, checks).catch((error: unknown) => {
        stream.resume();
        if (isAppError(error)) return error;
        console.error("Upload failed:", error);
        return failed(kind, "the file could not be stored. Please try again.");
      });
    });
    parser.on("error", () => settle(failed(kind, "the upload could not be read")));
    parser.on("close", () => {
      if (!work) return settle(failed(kind, "no file was sent"));
      void work.then(settle);
    });
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream)
      .on("error", () => settle(failed(kind, "the upload was interrupted")))
      .pipe(parser);
  });
}
