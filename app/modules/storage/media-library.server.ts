// Uploaded files as the admin's Files screen sees them: where each is used, and removal of the ones nothing uses.
import { and, count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { mediaAssets, users } from "~/db/schema";
import { type AdminViewer } from "~/modules/access/policy";
import { AppError, defineErrors } from "~/lib/app-error";
import { recordActivity } from "~/modules/admin/activity.server";
import { clampPage } from "~/lib/paging";
import { getStorage, publicUrl } from "./storage.server";
import { deleteImageWithVariants } from "./image-variants.server";
import { variantUrl } from "./responsive-image";

/** Why a file was not removed, in the toast's words ('Failed to remove file: {reason}'); thrown as AppError. */
export const MEDIA_ERRORS = defineErrors({
  MEDIA_ALREADY_REMOVED: {
    status: 404,
    title: "Error",
    message: "Failed to remove file: This file was already removed.",
  },
  /** The message names what uses it. */
  MEDIA_IN_USE: { status: 409, title: "Error", message: "Failed to remove file: This file is still used." },
  MEDIA_TOO_NEW: {
    status: 409,
    title: "Error",
    message: "Failed to remove file: This file was uploaded less than an hour ago and may belong to an unsaved form.",
  },
  MEDIA_REQUEST_UNKNOWN: { status: 400, title: "Error", message: "Failed to remove file: Unknown request." },
});

export const MEDIA_PAGE_SIZE = 20;
/** A file younger than this may belong to a form an editor has not saved yet, so it cannot be removed. */
export const MEDIA_GRACE_MS = 60 * 60 * 1000;

export interface MediaUse {
  type: "article" | "ebook" | "hero-slide" | "featured-ad" | "testimonial";
  id: string;
  title: string;
}

// Each stored key holds a random UUID, so finding the key in a column's text means that row points at the file
// (whatever the base URL in front of it: /media/ or a CDN). Bodies are searched too: images inside articles.
const usesOf = (key: SQL | string) => sql`(
  select coalesce(json_agg(u), '[]'::json) from (
    select 'article' as type, id::text as id, title from articles
      where strpos(concat_ws(' ', image_url, cover_image_url, video_url, content, rich_content::text), ${key}) > 0
    union all select 'ebook', id::text, title from ebooks where strpos(concat_ws(' ', cover_image_url, file_path, epub_path), ${key}) > 0
    union all select 'hero-slide', id::text, title from hero_slides where strpos(coalesce(image_url, ''), ${key}) > 0
    union all select 'featured-ad', id::text, headline from featured_ebook_ad where strpos(coalesce(cover_image_url, ''), ${key}) > 0
    union all select 'testimonial', id::text, name from testimonials where strpos(coalesce(avatar_url, ''), ${key}) > 0
    limit 5
  ) u)`;

const usedIn = usesOf(sql`${mediaAssets.key}`).mapWith(
  (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as MediaUse[],
);

export async function listMediaAssets(
  viewer: AdminViewer,
  filters: { unusedOnly?: boolean; page?: number },
  now = new Date(),
) {
  const db = getDb();
  const where = filters.unusedOnly ? sql`${usesOf(sql`${mediaAssets.key}`)}::text = '[]'` : undefined;
  const page = clampPage(filters.page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: mediaAssets.id,
        kind: mediaAssets.kind,
        bucket: mediaAssets.bucket,
        key: mediaAssets.key,
        contentType: mediaAssets.contentType,
        size: mediaAssets.size,
        originalName: mediaAssets.originalName,
        createdAt: mediaAssets.createdAt,
        uploader: users.email,
        usedIn,
      })
      .from(mediaAssets)
      .leftJoin(users, eq(users.id, mediaAssets.uploadedBy))
      .where(where)
      .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
      .limit(MEDIA_PAGE_SIZE)
      .offset((page - 1) * MEDIA_PAGE_SIZE),
    db.select({ total: count() }).from(mediaAssets).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      url: r.bucket === "public" ? publicUrl(r.key) : null,
      removable: r.usedIn.length === 0 && now.getTime() - r.createdAt.getTime() >= MEDIA_GRACE_MS,
    })),
    total,
    page,
    pageSize: MEDIA_PAGE_SIZE,
    pages: Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE)),
  };
}

/**
 * Removes a file nothing uses: its row (with an audit entry) in one transaction, then the stored object. A file
 * still used, or uploaded within the grace period, is refused with the reason.
 */
export async function removeUnusedAsset(viewer: AdminViewer, id: string, now = new Date()) {
  const removed = await getDb().transaction(async (tx) => {
    const [found] = await tx
      .select({ asset: mediaAssets, uses: usedIn })
      .from(mediaAssets)
      .where(eq(mediaAssets.id, id))
      .for("update");
    if (!found) throw new AppError(MEDIA_ERRORS.MEDIA_ALREADY_REMOVED);
    const { asset, uses } = found;
    if (uses.length)
      throw new AppError(
        MEDIA_ERRORS.MEDIA_IN_USE,
        `Failed to remove file: This file is still used by ${uses.map((u) => `"${u.title}"`).join(", ")}.`,
      );
    if (now.getTime() - asset.createdAt.getTime() < MEDIA_GRACE_MS) throw new AppError(MEDIA_ERRORS.MEDIA_TOO_NEW);
    await tx.delete(mediaAssets).where(eq(mediaAssets.id, id));
    await recordActivity(tx, viewer, {
      action: "deleted",
      entityType: "upload",
      entityId: id,
      summary: asset.originalName ?? asset.key,
      changes: { key: { before: asset.key, after: null }, size: { before: asset.size, after: null } },
    });
    return asset;
  });
  // After the commit: if this fails the row is gone and the object is an orphan, which serves nobody.
  try {
    await deleteImageWithVariants(getStorage(), removed.bucket as "public" | "private", removed.key, removed.variants);
  } catch (error) {
    console.error("Removing a stored file failed:", error);
  }
  return removed;
}

/** Unused files older than the grace period, for the bulk clean-up. */
export async function unusedAssetIds(viewer: AdminViewer, now = new Date()) {
  const rows = await getDb()
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(
      and(
        lt(mediaAssets.createdAt, new Date(now.getTime() - MEDIA_GRACE_MS)),
        sql`${usesOf(sql`${mediaAssets.key}`)}::text = '[]'`,
      ),
    );
  return rows.map((r) => r.id);
}

/** An uploaded picture as the article editor's picker offers it: where it is, a small copy to show, its name. */
export interface PickableImage {
  url: string;
  thumb: string;
  name: string;
  width: number | null;
  height: number | null;
}

/** The newest uploaded pictures (article images and covers), for the editor's "already uploaded" picker. */
export async function recentImages(viewer: AdminViewer, limit = 30): Promise<PickableImage[]> {
  const rows = await getDb()
    .select({
      key: mediaAssets.key,
      originalName: mediaAssets.originalName,
      width: mediaAssets.width,
      height: mediaAssets.height,
      variants: mediaAssets.variants,
    })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.bucket, "public"), inArray(mediaAssets.kind, ["image", "cover"])))
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(limit);
  return rows.map((r) => {
    const url = publicUrl(r.key);
    // The smallest copy in the original's format (the last one listed) is enough for a thumbnail.
    const thumb = r.variants?.widths.length
      ? variantUrl(url, r.variants.widths[0], r.variants.formats[r.variants.formats.length - 1])
      : url;
    return { url, thumb, name: r.originalName ?? r.key.split("/").pop()!, width: r.width, height: r.height };
  });
}
