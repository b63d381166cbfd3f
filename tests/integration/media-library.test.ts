// Uploaded files on the admin's Files screen: each shows where it is used (article image or body, ebook cover or
// PDF, hero slide, testimonial); a used file or one uploaded within the hour cannot be removed; an unused one is
// removed from the table and from storage, with an audit entry.
import { afterAll, beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { appTestDatabase } from "../setup/app-test-database";
import { adminActivity, heroSlides, mediaAssets } from "~/db/schema";
import { createArticle, createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { type Viewer, type AdminViewer, adminViewer } from "~/modules/access/policy";
import { appStorage, createFileStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import {
  listMediaAssets,
  MEDIA_GRACE_MS,
  removeUnusedAsset,
  MEDIA_ERRORS,
  unusedAssetIds,
} from "~/modules/storage/media-library.server";

const database = appTestDatabase();
let admin: AdminViewer;
let reader: Viewer;
let storage: ObjectStorage;
const later = () => new Date(Date.now() + MEDIA_GRACE_MS + 60_000);

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "files-admin@example.com", role: "admin" }));
  reader = await loadViewer(await createUser(database.db(), { email: "files-reader@example.com" }));
  storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-files-")));
  appStorage.override = storage;
});
afterAll(() => {
  appStorage.override = undefined;
});

async function storedImage(name: string) {
  const key = `images/${randomUUID()}.png`;
  await storage.put("public", key, new Uint8Array([1, 2, 3]), "image/png");
  const [row] = await database
    .db()
    .insert(mediaAssets)
    .values({ kind: "image", bucket: "public", key, contentType: "image/png", size: 3, originalName: name })
    .returning();
  return row;
}

describe(`uploaded files (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("shows where each file is used and removes only old unused ones, from storage too", async () => {
    const cover = await storedImage("cover.png");
    const inBody = await storedImage("inline.png");
    const onSlide = await storedImage("slide.png");
    const orphan = await storedImage("orphan.png");
    const article = await createArticle(database.db(), {
      title: "Uses a cover",
      imageUrl: `/media/${cover.key}`,
      content: `<p>Text</p><img src="https://cdn.example/${inBody.key}">`,
    });
    await database
      .db()
      .insert(heroSlides)
      .values({ title: "Slide uses it", imageUrl: `/media/${onSlide.key}` });

    const { items } = await listMediaAssets(admin, {});
    const byName = (name: string) => items.find((i) => i.originalName === name)!;
    expect(byName("cover.png").usedIn).toEqual([{ type: "article", id: article.id, title: "Uses a cover" }]);
    expect(byName("inline.png").usedIn.map((u) => u.title)).toEqual(["Uses a cover"]);
    expect(byName("slide.png").usedIn).toMatchObject([{ type: "hero-slide", title: "Slide uses it" }]);
    expect(byName("orphan.png")).toMatchObject({ usedIn: [], removable: false, url: `/media/${orphan.key}` });

    const unused = await listMediaAssets(admin, { unusedOnly: true });
    expect(unused.items.map((i) => i.originalName)).toEqual(["orphan.png"]);

    // Just uploaded: it may belong to a form not saved yet.
    await expect(removeUnusedAsset(admin, orphan.id)).rejects.toMatchObject({ code: MEDIA_ERRORS.MEDIA_TOO_NEW.code });
    await expect(removeUnusedAsset(admin, cover.id, later())).rejects.toThrow('still used by "Uses a cover"');
    expect(await storage.stat("public", cover.key)).not.toBeNull();

    expect(await unusedAssetIds(admin, later())).toEqual([orphan.id]);
    await removeUnusedAsset(admin, orphan.id, later());
    expect(await storage.stat("public", orphan.key)).toBeNull();
    expect(await database.db().$count(mediaAssets, eq(mediaAssets.id, orphan.id))).toBe(0);
    const [entry] = await database.db().select().from(adminActivity).where(eq(adminActivity.entityId, orphan.id));
    expect(entry).toMatchObject({ action: "deleted", entityType: "upload", summary: "orphan.png" });
    await expect(removeUnusedAsset(admin, orphan.id, later())).rejects.toMatchObject({
      code: MEDIA_ERRORS.MEDIA_ALREADY_REMOVED.code,
      message: "Failed to remove file: This file was already removed.",
    });
  });

  it("is for admins only", async () => {
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(listMediaAssets).toBeCallableWith(reader, {});
    const file = await storedImage("kept.png");
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(removeUnusedAsset).toBeCallableWith(reader, file.id, later());
    expect(await storage.stat("public", file.key)).not.toBeNull();
  });
});
