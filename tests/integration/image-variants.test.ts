// Responsive copies of uploaded images: made at upload for images and covers, in AVIF, WebP and the original's
// format, at widths never wider than the original, stored beside it on disk and on S3 (through the AWS SDK against
// the local stand-in), recorded in media_assets and found again by the pages' lookup. GIFs stay as uploaded;
// unreadable images and decompression bombs are refused and leave nothing behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { appTestDatabase } from "../setup/app-test-database";
import { mediaAssets } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { type AdminViewer } from "~/modules/access/policy";
import { appStorage, createFileStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { createS3Storage } from "~/modules/storage/s3-storage.server";
import { startS3StandIn, type S3StandIn } from "~/stand-ins/s3-stand-in.server";
import { receiveUpload, type UploadKind } from "~/modules/storage/uploads.server";
import { UPLOAD_CHECKS } from "~/modules/reader/epub-check.server";
import { deleteImageWithVariants, variantKeys } from "~/modules/storage/image-variants.server";
import { lookupImages } from "~/modules/storage/responsive-images.server";
import { imageSrcSets, variantUrl } from "~/modules/storage/responsive-image";
import { publicUrl } from "~/modules/storage/storage.server";
import { getEnv } from "~/lib/env.server";
import { createArticle } from "~/modules/content/article-admin.server";
import { articleFormSchema } from "~/modules/content/article-form";
import { getArticleForViewer } from "~/modules/content/articles.server";
import { articleBodyBlocks, bodyImageUrls, withResponsiveImages } from "~/modules/content/article-html.server";

const database = appTestDatabase();
let admin: AdminViewer;
let standIn: S3StandIn;

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "variants-admin@example.com", role: "admin" }));
  standIn = await startS3StandIn({ production: false });
});
afterAll(async () => {
  appStorage.override = undefined;
  await standIn?.close();
});

/** A photo-like picture (a gradient with noise), so encoders have real work and sizes differ by width. */
function picture(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    const p = i / 3;
    data[i] = (p % width) % 256;
    data[i + 1] = Math.floor(p / width) % 256;
    data[i + 2] = (p * 7919) % 251;
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A PNG header that claims `width` x `height` pixels, with no pixel data behind it. */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), body])));
    return Buffer.concat([head, Buffer.from(type), body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function uploadRequest(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("file", new File([Buffer.from(bytes)], name, { type: "application/octet-stream" }));
  return new Request("http://localhost/admin/uploads", { method: "POST", body: form });
}

const SHARP_FORMAT: Record<string, string> = { avif: "heif", webp: "webp", jpg: "jpeg", png: "png" };

const storages: [string, () => ObjectStorage][] = [
  ["disk", () => createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-variants-")))],
  [
    "S3",
    () =>
      createS3Storage({
        bucket: standIn.bucket,
        region: "auto",
        endpoint: standIn.endpoint,
        accessKeyId: standIn.accessKeyId,
        secretAccessKey: standIn.secretAccessKey,
        forcePathStyle: true,
      }),
  ],
];

describe.each(storages)(`image variants on %s (${process.env.DB_TARGET ?? "pglite"})`, (_name, makeStorage) => {
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = makeStorage();
    appStorage.override = storage;
  });
  const upload = async (kind: UploadKind, bytes: Uint8Array, name: string) => {
    const outcome = await receiveUpload(uploadRequest(bytes, name), admin, kind, UPLOAD_CHECKS);
    return outcome.asset;
  };

  it("makes AVIF, WebP and JPEG copies of a photo at every width up to 1920, beside it, and records them", async () => {
    const asset = await upload("image", await picture(2000, 1000).jpeg().toBuffer(), "wide.jpg");
    expect(asset).toMatchObject({
      width: 2000,
      height: 1000,
      variants: { widths: [320, 640, 960, 1280, 1920], formats: ["avif", "webp", "jpg"] },
    });
    const keys = variantKeys(asset.key, asset.variants);
    expect(keys).toHaveLength(15);
    expect(keys).toContain(asset.key.replace(/\.jpg$/, "-640w.webp"));
    for (const key of keys) {
      const stored = await storage.get("public", key);
      expect(stored, key).not.toBeNull();
      const meta = await sharp(stored!.bytes).metadata();
      const [, width, format] = /-(\d+)w\.(\w+)$/.exec(key)!;
      expect(meta.width, key).toBe(Number(width));
      expect(meta.height, key).toBe(Number(width) / 2);
      expect(meta.format, key).toBe(SHARP_FORMAT[format]);
    }
    // A phone's copy is a small fraction of the original.
    const original = (await storage.stat("public", asset.key))!.size;
    expect((await storage.stat("public", variantUrl(asset.key, 640, "avif")))!.size).toBeLessThan(original / 4);
    const [row] = await database.db().select().from(mediaAssets).where(eq(mediaAssets.id, asset.id));
    expect(row).toMatchObject({ width: 2000, height: 1000, variants: asset.variants });
  });

  it("never makes a copy wider than the original; a PNG keeps PNG as its fallback; a cover gets copies too", async () => {
    const asset = await upload("cover", await picture(700, 1050).png().toBuffer(), "cover.png");
    expect(asset.variants).toEqual({ widths: [320, 640, 700], formats: ["avif", "webp", "png"] });
    expect(asset.key).toMatch(/^covers\//);
    const largest = await storage.get("public", variantUrl(asset.key, 700, "png"));
    expect(await sharp(largest!.bytes).metadata()).toMatchObject({ width: 700, height: 1050, format: "png" });
  });

  it("records the size as shown for a photo turned by its EXIF orientation, and turns the copies", async () => {
    const turned = await picture(800, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const asset = await upload("image", turned, "portrait.jpg");
    expect(asset).toMatchObject({ width: 400, height: 800 });
    const copy = await storage.get("public", variantUrl(asset.key, 320, "webp"));
    expect(await sharp(copy!.bytes).metadata()).toMatchObject({ width: 320, height: 640 });
  });

  it("keeps a GIF exactly as uploaded, with its size but no copies", async () => {
    const gif = await picture(500, 300).gif().toBuffer();
    const asset = await upload("image", gif, "moving.gif");
    expect(asset).toMatchObject({ contentType: "image/gif", width: 500, height: 300, variants: null });
    expect(Buffer.from((await storage.get("public", asset.key))!.bytes)).toEqual(gif);
    const stem = asset.key.replace(/\.gif$/, "");
    expect((await storage.list("public", "images/")).filter((o) => o.key.startsWith(stem))).toEqual([
      { key: asset.key, size: gif.length },
    ]);
  });

  it("refuses an image that cannot be read, or that claims too many pixels, and keeps nothing of it", async () => {
    const before = await storage.list("public", "images/");
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    const bomb = pngClaiming(30000, 30000);
    for (const [bytes, name] of [
      [broken, "broken.jpg"],
      [bomb, "bomb.png"],
    ] as const) {
      await expect(receiveUpload(uploadRequest(bytes, name), admin, "image", UPLOAD_CHECKS)).rejects.toMatchObject({
        status: 400,
        payload: {
          title: "Upload failed",
          message: "Failed to upload image: this image could not be read. Save it again (JPG, PNG or WebP) and retry.",
        },
      });
    }
    expect(await storage.list("public", "images/")).toEqual(before);
  });

  it("lets pages find an upload's size and copies by its URL in one lookup; outside URLs are unknown", async () => {
    const asset = await upload("image", await picture(1000, 500).webp().toBuffer(), "found.webp");
    const lookup = await lookupImages([asset.url, "https://cdn.example/x.jpg", "/media/seed/none.jpg", null]);
    const stem = asset.url!.replace(/\.webp$/, "");
    const set = (f: string) => [320, 640, 960, 1000].map((w) => `${stem}-${w}w.${f} ${w}w`).join(", ");
    // Pages receive the widths and formats; the image component builds the srcsets from them.
    expect(lookup(asset.url)).toEqual({
      src: asset.url,
      width: 1000,
      height: 500,
      widths: [320, 640, 960, 1000],
      formats: ["avif", "webp"],
    });
    expect(imageSrcSets(lookup(asset.url))).toEqual({
      src: `${stem}-1000w.webp`,
      srcSet: null,
      sources: [{ type: "image/avif", srcSet: set("avif") }],
      // Width descriptors: the <picture> needs a `sizes` (a slot's 1x/2x pair would not).
      needsSizes: true,
    });
    expect(lookup("https://cdn.example/x.jpg")).toBeNull();
    expect(lookup("/media/seed/none.jpg")).toBeNull();
  });

  it("keeps an uploaded picture in an article body, at /media or under MEDIA_BASE_URL, and gives it its copies", async () => {
    const asset = await upload("image", await picture(800, 400).jpeg().toBuffer(), "body.jpg");
    /** The body a reader gets, made as the article page makes it: saved (cleaned), read, images looked up. */
    const readerHtml = async (src: string) => {
      const { id } = await createArticle(
        admin,
        articleFormSchema.parse({
          title: "Pictures in the text",
          content: `<p>Before</p><img src="${src}" alt="Ngong hills at dawn"><p>After</p>`,
          published: true,
        }),
      );
      const article = await getArticleForViewer({ id, viewer: admin });
      const blocks = articleBodyBlocks(article!);
      const [body] = withResponsiveImages(blocks, await lookupImages(bodyImageUrls(blocks)));
      return body.type === "html" ? body.html : "";
    };
    const expectResponsive = (html: string, url: string) => {
      const stem = url.replace(/\.jpg$/, "");
      const set = (f: string) => [320, 640, 800].map((w) => `${stem}-${w}w.${f} ${w}w`).join(", ");
      expect(html).toContain(`<source type="image/avif" srcset="${set("avif")}" sizes="`);
      expect(html).toMatch(
        new RegExp(`<img width="800" height="400" src="${stem}-800w\\.jpg" alt="Ngong hills at dawn"`),
      );
    };
    expect(asset.url).toMatch(/^\/media\/images\//);
    expectResponsive(await readerHtml(asset.url!), asset.url!);

    // Behind a CDN, the same upload under MEDIA_BASE_URL.
    const env = getEnv();
    env.MEDIA_BASE_URL = "https://cdn.nuru.example/shop";
    try {
      const cdnUrl = publicUrl(asset.key);
      expect(cdnUrl).toBe(`https://cdn.nuru.example/shop/${asset.key}`);
      expectResponsive(await readerHtml(cdnUrl), cdnUrl);
    } finally {
      env.MEDIA_BASE_URL = undefined;
    }
  });

  it("deletes an image's copies with it", async () => {
    const asset = await upload("image", await picture(400, 200).jpeg().toBuffer(), "gone.jpg");
    const stem = asset.key.replace(/\.jpg$/, "");
    const mine = async () => (await storage.list("public", "images/")).filter((o) => o.key.startsWith(stem));
    expect(await mine()).toHaveLength(1 + 2 * 3);
    await deleteImageWithVariants(storage, "public", asset.key, asset.variants);
    expect(await mine()).toEqual([]);
  });
});
