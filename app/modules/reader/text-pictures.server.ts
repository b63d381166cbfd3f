// The pictures of an ebook's text edition (issue 32, ADR 032): an EPUB's raster pictures, each checked by its bytes
// (file-type, like every upload), and a PDF's, from the pixels pdf.js decodes; re-encoded to a small WebP with sharp
// and stored privately beside the edition's JSON (`ebook-text/{ebook}/{random}/{n}.webp`, a new random per
// extraction, deleted with the edition); served one at a time by a gated route to a reader who may read the ebook now.
import { ebookPictureSrc } from "./text-html.server";
import { webpCopy, webpCopyOfPixels, type WebpCopy } from "~/modules/storage/image-variants.server";
import type { ObjectStorage } from "~/modules/storage/storage.server";
import { EPUB_LIMITS, type EpubBook, type KeptPicture } from "./epub-text.server";
import { PictureStoreError, type KeepPicture } from "./pdf-text.server";

/** Pictures fit a phone's column at 2x and a desktop's at 1x: wider ones are scaled down to this. */
export const PICTURE_WIDTH = 800;

/** What the edition's JSON records of each kept picture (its place in the list is its number). */
export interface StoredPicture {
  width: number;
  height: number;
}

/** Raster types a picture's bytes may have, as file-type names them. */
const RASTER_MIMES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** The folder beside the edition stored at `fileKey` that holds its pictures (in the private bucket). */
const pictureFolder = (fileKey: string) => `${fileKey.replace(/\.json$/, "")}/`;

/** Where picture `n` of the edition stored at `fileKey` is kept. */
export const pictureKey = (fileKey: string, n: number) => `${pictureFolder(fileKey)}${n}.webp`;

/** One edition's pictures as they are kept: picture n stored at pictureKey(fileKey, n), its size listed. */
export interface PictureStore {
  pictures: StoredPicture[];
  /** Stores the next picture; where it is served. Throws PictureStoreError when storage fails. */
  add(copy: WebpCopy): Promise<KeptPicture>;
  /** Deletes what was stored (a run that failed). */
  discard(): Promise<void>;
}

export function pictureStore({
  ebookId,
  fileKey,
  storage,
}: {
  ebookId: string;
  fileKey: string;
  storage: ObjectStorage;
}): PictureStore {
  const pictures: StoredPicture[] = [];
  return {
    pictures,
    async add(copy) {
      const n = pictures.length;
      try {
        await storage.put("private", pictureKey(fileKey, n), copy.bytes, "image/webp");
      } catch (error) {
        throw new PictureStoreError(`A picture could not be stored: ${error instanceof Error ? error.message : error}`);
      }
      pictures.push({ width: copy.width, height: copy.height });
      return { src: ebookPictureSrc(ebookId, n), width: copy.width, height: copy.height };
    },
    async discard() {
      await Promise.all(
        pictures.map((_, n) => storage.delete("private", pictureKey(fileKey, n)).catch(() => undefined)),
      );
    },
  };
}

/**
 * Keeps the pictures of an EPUB: each one's bytes must be a raster picture (whatever the book says it is), sharp must
 * read it, and it is stored as a WebP at most PICTURE_WIDTH wide. What is not kept is dropped (its text stays). On a
 * failure, the pictures already written are deleted.
 */
export async function keepEpubPictures(book: EpubBook, store: PictureStore): Promise<Map<string, KeptPicture>> {
  const kept = new Map<string, KeptPicture>();
  const { fileTypeFromBuffer } = await import("file-type");
  try {
    for (const ref of book.pictures) {
      const bytes = book.readPicture(ref);
      if (!bytes) continue;
      // CASE: bytes that are not the picture the book says (a script or page named .png) -> dropped.
      const detected = await fileTypeFromBuffer(bytes.subarray(0, 4100));
      if (!detected || !RASTER_MIMES.has(detected.mime)) continue;
      const copy = await webpCopy(bytes, PICTURE_WIDTH);
      if (copy) kept.set(ref.path, await store.add(copy));
    }
  } catch (error) {
    await store.discard();
    throw error;
  }
  return kept;
}

/** Keeps a PDF's pictures as pdf.js hands them over (decoded pixels), up to the EPUB's count of 300. */
export function pdfPictureKeeper(store: PictureStore): KeepPicture {
  return async (raw) => {
    if (store.pictures.length >= EPUB_LIMITS.pictures) return null;
    const copy = await webpCopyOfPixels(raw, PICTURE_WIDTH);
    return copy ? store.add(copy) : null;
  };
}

/** Deletes an edition's JSON and every picture stored beside it (a file's pictures never outlive it). */
export async function deleteEditionFiles(storage: ObjectStorage, fileKey: string) {
  const pictures = await storage.list("private", pictureFolder(fileKey)).catch(() => []);
  await Promise.all(
    [fileKey, ...pictures.map((p) => p.key)].map((key) => storage.delete("private", key).catch(() => undefined)),
  );
}

// Sanitised <img> tags (attribute values quoted and escaped by sanitize-html), as in the article bodies.
const IMG_TAG = /<img\b[^>]*>/g;
const attributeOf = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? "";

/**
 * Data saver (lib/data-saver.ts): each picture of sanitised blocks becomes a link to it with its alt text, as the
 * article pages' pictures do (components/responsive-image.tsx), so nothing is downloaded before she taps.
 */
export function picturesAsTapLinks(blocks: string[]): string[] {
  return blocks.map((block) =>
    block.replace(IMG_TAG, (tag) => {
      const alt = attributeOf(tag, "alt");
      return `<a href="${attributeOf(tag, "src")}" class="img-tap">${alt ? `Show picture: ${alt}` : "Show picture"}</a>`;
    }),
  );
}
