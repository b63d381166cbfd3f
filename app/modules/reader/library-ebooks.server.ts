// The ebooks on a reader's shelf: those she bought and those her plans unlocked, with where she stopped reading.
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebookReadingProgress, ebooks } from "~/db/schema";
import { canReadEbook, type Viewer } from "~/modules/access/policy";

export interface ShelfEbook {
  id: string;
  title: string;
  coverImageUrl: string | null;
  /** bought: hers for good; plan: unlocked with a plan, readable while a plan runs. */
  how: "bought" | "plan";
  canRead: boolean;
  /** The page she reached and of how many, or null if she has not opened it. */
  progress: { page: number; of: number | null } | null;
}

export async function listShelf(viewer: Viewer): Promise<ShelfEbook[]> {
  if (!viewer.user) return [];
  const ids = [...new Set([...viewer.purchasedEbookIds, ...viewer.unlockedEbookIds])];
  if (ids.length === 0) return [];
  const db = getDb();
  const [rows, progress] = await Promise.all([
    // Withdrawn (unpublished) ebooks stay on the shelf of those who have them.
    db
      .select({
        id: ebooks.id,
        title: ebooks.title,
        coverImageUrl: ebooks.coverImageUrl,
        accessType: ebooks.accessType,
        pageCount: ebooks.pageCount,
      })
      .from(ebooks)
      .where(inArray(ebooks.id, ids)),
    db
      .select({
        ebookId: ebookReadingProgress.ebookId,
        lastPage: ebookReadingProgress.lastPage,
        pageCount: ebookReadingProgress.pageCount,
        updatedAt: ebookReadingProgress.updatedAt,
      })
      .from(ebookReadingProgress)
      .where(and(eq(ebookReadingProgress.userId, viewer.user.id), inArray(ebookReadingProgress.ebookId, ids))),
  ]);
  const progressOf = new Map(progress.map((p) => [p.ebookId, p]));
  return (
    rows
      .map((r) => {
        const p = progressOf.get(r.id);
        return {
          id: r.id,
          title: r.title,
          coverImageUrl: r.coverImageUrl,
          how: viewer.purchasedEbookIds.has(r.id) ? ("bought" as const) : ("plan" as const),
          canRead: canReadEbook(viewer, r),
          progress: p ? { page: p.lastPage, of: p.pageCount ?? r.pageCount } : null,
          openedAt: p?.updatedAt.getTime() ?? 0,
        };
      })
      // The one she read last first, then the rest by title.
      .sort((a, b) => b.openedAt - a.openedAt || a.title.localeCompare(b.title))
      .map(({ openedAt: _openedAt, ...shelf }) => shelf)
  );
}
