// Opening the reader and remembering where she stopped.
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebookAccessLogs, ebookReadingProgress } from "~/db/schema";
import { canReadEbook, ebookAccess, type Viewer } from "~/modules/access/policy";
import { fileInfo, unsafeEbookFileRow } from "./ebook-files.server";
import { issueFileUrl, type FileUrl } from "./file-url.server";

export const MAX_PAGE = 100_000;

export type ReaderOpening =
  | { kind: "not-found" }
  | { kind: "sign-in" }
  | { kind: "confirm-unlock" }
  | { kind: "denied" }
  | {
      kind: "ready";
      ebook: { id: string; title: string; pageCount: number | null; downloadable: boolean };
      /** Null when the file is missing: the reader shows 'Failed to load ebook. Please try again.' */
      file: (FileUrl & { size: number }) | null;
      lastPage: number;
    };

/** Decides what the reader route shows, and records the opening (spec: ebook_access_logs 'view'). */
export async function openReader({ ebookId, viewer }: { ebookId: string; viewer: Viewer }): Promise<ReaderOpening> {
  const row = await unsafeEbookFileRow(ebookId, viewer);
  if (!row) return { kind: "not-found" };
  // CASE: a guest opens a paid ebook -> its page, with the sample and what opens it (issue 46); signing in alone
  // would not open it. A free one only needs her account.
  if (!viewer.user) return row.accessType === "free" ? { kind: "sign-in" } : { kind: "denied" };
  const access = ebookAccess(viewer, row);
  // CASE: her plan has room but she has not confirmed spending it on this title -> the ebook page asks first.
  if (access === "unlock") return { kind: "confirm-unlock" };
  if (!canReadEbook(viewer, row)) return { kind: "denied" };
  const userId = viewer.user.id;
  const db = getDb();
  const [info, [progress]] = await Promise.all([
    fileInfo(row),
    db
      .select({ lastPage: ebookReadingProgress.lastPage })
      .from(ebookReadingProgress)
      .where(and(eq(ebookReadingProgress.userId, userId), eq(ebookReadingProgress.ebookId, row.id))),
    db.insert(ebookAccessLogs).values({ ebookId: row.id, userId, accessType: "view" }),
  ]);
  const lastPage = Math.min(progress?.lastPage ?? 1, row.pageCount ?? MAX_PAGE);
  return {
    kind: "ready",
    ebook: { id: row.id, title: row.title, pageCount: row.pageCount, downloadable: row.downloadable },
    file: info ? { ...issueFileUrl({ userId, ebookId: row.id }), size: info.size } : null,
    lastPage,
  };
}

/** Saves the page she is on; only for a reader who may read the ebook now. */
export async function saveLastPage({
  ebookId,
  viewer,
  page,
  pageCount,
}: {
  ebookId: string;
  viewer: Viewer;
  page: number;
  pageCount?: number;
}): Promise<boolean> {
  if (!viewer.user || !Number.isInteger(page) || page < 1 || page > MAX_PAGE) return false;
  const row = await unsafeEbookFileRow(ebookId, viewer);
  if (!row || !canReadEbook(viewer, row)) return false;
  const total = row.pageCount ?? (pageCount && Number.isInteger(pageCount) ? pageCount : null);
  const lastPage = Math.min(page, total ?? MAX_PAGE);
  await getDb()
    .insert(ebookReadingProgress)
    .values({ userId: viewer.user.id, ebookId: row.id, lastPage, pageCount: total })
    .onConflictDoUpdate({
      target: [ebookReadingProgress.userId, ebookReadingProgress.ebookId],
      set: { lastPage, pageCount: total, updatedAt: sql`now()` },
    });
  return true;
}
