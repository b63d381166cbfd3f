// The reader's bytes: who may have them is decided here, on every request, by the access policy.
import { eq } from "drizzle-orm";
import { isId } from "~/lib/ids";
import { getDb } from "~/db/client.server";
import { ebooks } from "~/db/schema";
import { canReadEbook, ebookVisible, type Viewer } from "~/modules/access/policy";
import { getStorage, type ObjectInfo } from "~/modules/storage/storage.server";
import { objectResponse } from "~/modules/storage/object-response.server";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { fileUrlIsValid, issueFileUrl, type FileUrl } from "./file-url.server";

export interface EbookFileRow {
  id: string;
  title: string;
  accessType: "free" | "premium" | "subscription";
  downloadable: boolean;
  filePath: string | null;
  pageCount: number | null;
}

/**
 * The ebook with its storage key, for this module's own checks only: the key never leaves the server.
 * Unpublished ebooks exist only for admins and for the readers who bought or unlocked them.
 */
export async function unsafeEbookFileRow(ebookId: string, viewer: Viewer): Promise<EbookFileRow | null> {
  if (!isId(ebookId)) return null;
  const [row] = await getDb()
    .select({
      id: ebooks.id,
      title: ebooks.title,
      accessType: ebooks.accessType,
      downloadable: ebooks.downloadable,
      filePath: ebooks.filePath,
      pageCount: ebooks.pageCount,
      published: ebooks.published,
    })
    .from(ebooks)
    .where(eq(ebooks.id, ebookId));
  if (!row || !ebookVisible(viewer, row)) return null;
  return row;
}

/** Headers of every answer that carries (or refuses) ebook bytes. */
export const FILE_HEADERS = {
  "Cache-Control": PERSONAL_CACHE_CONTROL,
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Referrer-Policy": "no-referrer",
} as const;

const notFound = () => new Response("Not found", { status: 404, headers: FILE_HEADERS });

export async function fileInfo(row: EbookFileRow): Promise<ObjectInfo | null> {
  if (!row.filePath) return null;
  try {
    return await getStorage().stat("private", row.filePath);
  } catch {
    return null;
  }
}

/**
 * GET /ebook/:id/file?e&s: the bytes for the reader, ranged. 404 for anyone who may not read it now, whatever
 * the reason (signed out, another reader's URL, expired URL, access ended while reading), so nothing is revealed.
 */
export async function serveEbookFile({
  request,
  ebookId,
  viewer,
}: {
  request: Request;
  ebookId: string;
  viewer: Viewer;
}): Promise<Response> {
  if (!viewer.user) return notFound();
  const search = new URL(request.url).searchParams;
  if (!fileUrlIsValid({ userId: viewer.user.id, ebookId, search })) return notFound();
  const row = await unsafeEbookFileRow(ebookId, viewer);
  if (!row || !canReadEbook(viewer, row)) return notFound();
  const info = await fileInfo(row);
  if (!info || !row.filePath) return notFound();
  return objectResponse({
    storage: getStorage(),
    bucket: "private",
    key: row.filePath,
    request,
    info,
    headers: { ...FILE_HEADERS, "Content-Disposition": "inline" },
  });
}

/** A fresh file URL for a reader who may read the ebook now; null otherwise. */
export async function renewFileUrl({
  ebookId,
  viewer,
}: {
  ebookId: string;
  viewer: Viewer;
}): Promise<(FileUrl & { size: number }) | null> {
  if (!viewer.user) return null;
  const row = await unsafeEbookFileRow(ebookId, viewer);
  if (!row || !canReadEbook(viewer, row)) return null;
  const info = await fileInfo(row);
  if (!info) return null;
  return { ...issueFileUrl({ userId: viewer.user.id, ebookId }), size: info.size };
}
