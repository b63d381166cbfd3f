import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Database } from "../client.server";
import { mediaAssets, type ImageVariantSet } from "../schema";
import { createFileStorage, publicUrl, type ObjectStorage } from "~/modules/storage/storage.server";
import { createImageVariants, VARIANT_WIDTHS, variantKeys } from "~/modules/storage/image-variants.server";

// Demo covers and illustrations are drawn as SVG (assets.ts), then take the uploads' path: a JPEG original with
// responsive copies made by createImageVariants, recorded in media_assets. Making the copies takes about a second
// per image, and the test suites seed many times, so the results are cached on disk by the SVG's hash: only the
// first seed on a machine pays for them; later ones copy files.

/** Bump when the drawing or the copies change in a way the hash of the SVG does not see. */
const CACHE_VERSION = 1;
const CACHE_ROOT = path.join(tmpdir(), "nuru-demo-images");

interface CachedImage {
  width: number;
  height: number;
  size: number;
  variants: ImageVariantSet | null;
}

export interface DemoImages {
  /**
   * Stores an SVG drawing as the JPEG `seed/<name>.jpg` with its copies, drawn at `scale` times its own size
   * (covers at 2x: they are shown narrow but on dense phone screens). Answers the public URL.
   */
  store(name: string, svg: Uint8Array, kind: "image" | "cover", scale?: number): Promise<string>;
  /** Records every stored image in media_assets, as an upload would have been. */
  record(db: Database): Promise<void>;
}

export function demoImages(storage: ObjectStorage): DemoImages {
  const cache = createFileStorage(CACHE_ROOT);
  const rows: (typeof mediaAssets.$inferInsert)[] = [];

  async function cached(svg: Uint8Array, scale: number): Promise<{ key: string; facts: CachedImage }> {
    const hash = createHash("sha256")
      .update(JSON.stringify({ CACHE_VERSION, scale, VARIANT_WIDTHS, sharp: sharp.versions.sharp }))
      .update(svg)
      .digest("hex")
      .slice(0, 32);
    const key = `v${CACHE_VERSION}/${hash}.jpg`;
    // The manifest is written last, so a run stopped half-way leaves nothing that looks complete.
    const manifest = await cache.get("public", `v${CACHE_VERSION}/${hash}.json`);
    if (manifest) return { key, facts: JSON.parse(new TextDecoder().decode(manifest.bytes)) as CachedImage };
    const jpeg = await sharp(svg, { density: 72 * scale })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    await cache.put("public", key, jpeg, "image/jpeg");
    const made = await createImageVariants(cache, "public", key, "jpg");
    const facts: CachedImage = { ...made, size: jpeg.length };
    await cache.put(
      "public",
      `v${CACHE_VERSION}/${hash}.json`,
      new TextEncoder().encode(JSON.stringify(facts)),
      "application/json",
    );
    return { key, facts };
  }

  async function copy(from: string, to: string, contentType: string) {
    const object = await cache.get("public", from);
    if (!object) throw new Error(`Demo image cache lost ${from}`);
    await storage.put("public", to, object.bytes, contentType);
  }

  return {
    async store(name, svg, kind, scale = 1) {
      const { key: cacheKey, facts } = await cached(svg, scale);
      const key = `seed/${name}.jpg`;
      await copy(cacheKey, key, "image/jpeg");
      const copies = variantKeys(cacheKey, facts.variants);
      const targets = variantKeys(key, facts.variants);
      await Promise.all(
        copies.map((from, i) => copy(from, targets[i], `image/${path.extname(from).slice(1).replace("jpg", "jpeg")}`)),
      );
      rows.push({
        kind,
        bucket: "public",
        key,
        contentType: "image/jpeg",
        size: facts.size,
        originalName: `${path.basename(name)}.svg`,
        width: facts.width,
        height: facts.height,
        variants: facts.variants,
      });
      return publicUrl(key);
    },
    async record(db) {
      if (rows.length) await db.insert(mediaAssets).values(rows);
    },
  };
}
