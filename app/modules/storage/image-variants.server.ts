import type { Metadata, OutputInfo, Sharp } from "sharp";
import type { ImageVariantSet } from "~/db/schema";
import { variantUrl } from "./responsive-image";
import type { Bucket, ObjectStorage } from "./storage.server";
import { AppError } from "~/lib/app-error";
import { UPLOAD_ERRORS } from "./upload-errors";

// Responsive copies of an uploaded image (and of the demo covers): a few widths, each in AVIF, WebP and the
// original's format, stored beside the original in the same storage (disk or S3), so phones download small files.
// GIFs and other animations stay as they are: a still copy would lose the animation.

// libvips caches decoded images for reuse; an upload is decoded once per width and never again, so the cache
// only holds memory. One libvips thread per job and one job at a time (below): a 2-core server keeps answering
// pages while an admin uploads a large photo.
// Loaded on the first image, not at start: a shop process that never sees an upload never pays for libvips.
let sharpModule: Promise<typeof import("sharp")> | undefined;
function loadSharp() {
  return (sharpModule ??= import("sharp").then((m) => {
    m.default.cache(false);
    m.default.concurrency(1);
    return m;
  }));
}

/** Widths of the copies; only those narrower than the original, plus the original's own width up to the last. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/**
 * Decompression bombs: a small file that claims to be huge is refused before it is decoded. 8192 x 8192 is
 * above any phone camera (48 MP) and keeps the worst decode within a few hundred MB.
 */
export const MAX_INPUT_PIXELS = 8192 * 8192;

/** The original's formats we make copies of, as file-type names them; anything else (GIF) is kept as is. */
const SOURCE_FORMATS = new Set(["jpg", "png", "webp", "avif"]);

const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  // Effort 2: AVIF's default (4) takes ~8x longer on this kind of server for files a few percent smaller.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  jpg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
};

const MIME: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

export interface ImageFacts {
  /** The size as displayed (after EXIF orientation); for an animation, one frame's. */
  width: number;
  height: number;
  /** Null when no copies were made (GIFs and other animations). */
  variants: ImageVariantSet | null;
}

/** Thrown when the bytes are not an image sharp can read (or are too large to decode safely). */
const unreadable = () => new AppError(UPLOAD_ERRORS.IMAGE_UNREADABLE);

/** The widths to make for an original `width` pixels wide: never wider than the original. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  if (width <= largest) widths.push(width);
  return widths;
}

/** Copy formats for an original of format `ext`: AVIF and WebP, then the original's own as the fallback. */
export function variantFormats(ext: string): string[] {
  return [...new Set(["avif", "webp", ext === "jpeg" ? "jpg" : ext])];
}

/** Every key of the copies of `key` (they sit beside it: `<stem>-<width>w.<format>`). */
export function variantKeys(key: string, variants: ImageVariantSet | null | undefined): string[] {
  if (!variants) return [];
  return variants.widths.flatMap((w) => variants.formats.map((f) => variantUrl(key, w, f)));
}

// One job at a time; the next waits for the slot to be handed over (so a new caller cannot jump the queue).
const MAX_JOBS = 1;
let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const open = async (bytes: Uint8Array) =>
  (await loadSharp()).default(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });

/**
 * Reads the stored image `key` (format `ext`, as its bytes say), records its size and writes its copies beside
 * it. On failure no copy is left behind. Throws IMAGE_UNREADABLE (an AppError) when sharp cannot read it.
 */
export function createImageVariants(
  storage: ObjectStorage,
  bucket: Bucket,
  key: string,
  ext: string,
): Promise<ImageFacts> {
  return inSlot(async () => {
    // The original is at most the upload limit (50 MB); sharp would buffer a stream whole anyway.
    const stored = await storage.get(bucket, key);
    if (!stored) throw new Error(`The image ${key} disappeared before its copies were made`);
    const bytes = stored.bytes;
    let meta: Metadata;
    try {
      meta = await (await open(bytes)).metadata();
    } catch {
      throw unreadable();
    }
    const pages = meta.pages ?? 1;
    const width = meta.autoOrient?.width ?? meta.width;
    const height = pages > 1 ? (meta.pageHeight ?? meta.height) : (meta.autoOrient?.height ?? meta.height);
    if (!width || !height) throw unreadable();
    if (width * (pages > 1 ? meta.height : height) > MAX_INPUT_PIXELS) throw unreadable();
    if (!SOURCE_FORMATS.has(ext) || pages > 1) return { width, height, variants: null };

    const variants: ImageVariantSet = { widths: variantWidths(width), formats: variantFormats(ext) };
    const written: string[] = [];
    try {
      for (const w of variants.widths) {
        // Decoded and resized once per width; each format is encoded from those pixels.
        let pixels: { data: Buffer; info: OutputInfo };
        try {
          pixels = await (
            await open(bytes)
          )
            .autoOrient()
            .resize({ width: w })
            .raw()
            .toBuffer({ resolveWithObject: true });
        } catch {
          throw unreadable();
        }
        const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
        for (const format of variants.formats) {
          const out = await ENCODERS[format]((await loadSharp()).default(pixels.data, { raw })).toBuffer();
          const variantKey = variantUrl(key, w, format);
          await storage.put(bucket, variantKey, out, MIME[format]);
          written.push(variantKey);
        }
      }
    } catch (error) {
      await Promise.all(written.map((k) => storage.delete(bucket, k).catch(() => undefined)));
      throw error;
    }
    return { width, height, variants };
  });
}

/** A still WebP copy of a picture, for a phone's column: at most `maxWidth` wide, upright, with no metadata. */
export interface WebpCopy {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/**
 * One still WebP copy of a picture that came inside an uploaded file (an EPUB's, for its text edition: ADR 032), made
 * in the same one-at-a-time slot and with the same decoding limits as the uploads' copies: at most `maxWidth` wide
 * (never enlarged), EXIF orientation applied, metadata stripped, an animation's first frame. Null when sharp cannot
 * read it or it is over the pixel limit.
 */
export function webpCopy(bytes: Uint8Array, maxWidth: number): Promise<WebpCopy | null> {
  return inSlot(async () => {
    try {
      const meta = await (await open(bytes)).metadata();
      const width = meta.autoOrient?.width ?? meta.width;
      const height = meta.autoOrient?.height ?? meta.height;
      if (!width || !height || width * height > MAX_INPUT_PIXELS) return null;
      return await webpAtMost((await open(bytes)).autoOrient(), maxWidth);
    } catch {
      return null;
    }
  });
}

/** The text edition's one encoding of a picture: at most `maxWidth` wide (never enlarged), WebP at quality 75. */
async function webpAtMost(image: Sharp, maxWidth: number): Promise<WebpCopy> {
  const out = await image
    .resize({ width: maxWidth, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(out.data), width: out.info.width, height: out.info.height };
}

/** Decoded pixels (8 bits per channel, rows top down), as a PDF's pictures come out of pdf.js. */
export interface RawPixels {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

/** The same copy from decoded pixels (a PDF's pictures, ADR 032); null over the pixel limit or when sharp fails. */
export function webpCopyOfPixels(pixels: RawPixels, maxWidth: number): Promise<WebpCopy | null> {
  return inSlot(async () => {
    const { width, height, channels, data } = pixels;
    if (width * height > MAX_INPUT_PIXELS || data.length !== width * height * channels) return null;
    try {
      return await webpAtMost((await loadSharp()).default(data, { raw: { width, height, channels } }), maxWidth);
    } catch {
      return null;
    }
  });
}

/** Deletes an image and every copy made of it (a file's copies must never outlive it). */
export async function deleteImageWithVariants(
  storage: ObjectStorage,
  bucket: Bucket,
  key: string,
  variants: ImageVariantSet | null | undefined,
) {
  await Promise.all([key, ...variantKeys(key, variants)].map((k) => storage.delete(bucket, k)));
}
