import { and, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Locale } from "~/lib/locale";
import { inLanguageFirst } from "./language-order";
import { getDb } from "~/db/client.server";
import { publicRead } from "~/lib/public-reads.server";
import { categories, ebookCategories, ebooks } from "~/db/schema";
import { ebookAccess, ebookVisible, type AccessType, type EbookAccess, type Viewer } from "~/modules/access/policy";
import type { CategoryRef } from "./articles.server";
import { clampPage } from "~/lib/paging";
import { isId } from "~/lib/ids";

type EbookRow = typeof ebooks.$inferSelect;

/** An ebook as it may leave the content module: never the file path; access decided for the viewer. */
export interface GatedEbook {
  id: string;
  title: string;
  description: string | null;
  coverImageUrl: string | null;
  /** Base price in KES cents; null means subscription-only. */
  priceCents: number | null;
  accessType: AccessType;
  access: EbookAccess;
  /** The language it is written in: "en" or "sw" (issue 50). */
  language: string;
  downloadable: boolean;
  pageCount: number | null;
  createdAt: string;
  categories: CategoryRef[];
}

export function gateEbook(viewer: Viewer, row: EbookRow, cats: CategoryRef[] = []): GatedEbook {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    coverImageUrl: row.coverImageUrl,
    priceCents: row.priceCents,
    accessType: row.accessType,
    access: ebookAccess(viewer, row),
    language: row.language,
    downloadable: row.downloadable,
    pageCount: row.pageCount,
    createdAt: row.createdAt.toISOString(),
    categories: cats,
  };
}

/** The published ebook `id` is linked to as its translation (issue 50): its id and language, or null. */
export async function getEbookTranslation(id: string): Promise<{ id: string; language: Locale } | null> {
  if (!isId(id)) return null;
  return publicRead(`ebook-translation:${id.toLowerCase()}`, async () => {
    const [row] = await getDb()
      .select({ id: ebooks.id, language: ebooks.language })
      .from(ebooks)
      .where(
        and(
          eq(ebooks.published, true),
          inArray(ebooks.id, getDb().select({ id: ebooks.translationId }).from(ebooks).where(eq(ebooks.id, id))),
        ),
      );
    return row ? { id: row.id, language: row.language === "sw" ? "sw" : "en" } : null;
  });
}

/** Each ebook's categories (by ebook id): the shelves, the ebook page and the admin's list. */
export async function ebookCategoriesOf(rows: Pick<EbookRow, "id">[]): Promise<Map<string, CategoryRef[]>> {
  const map = new Map<string, CategoryRef[]>();
  if (rows.length) {
    const links = await getDb()
      .select({ ebookId: ebookCategories.ebookId, id: categories.id, name: categories.name, slug: categories.slug })
      .from(ebookCategories)
      .innerJoin(categories, eq(categories.id, ebookCategories.categoryId))
      .where(
        inArray(
          ebookCategories.ebookId,
          rows.map((r) => r.id),
        ),
      );
    for (const l of links)
      map.set(l.ebookId, [...(map.get(l.ebookId) ?? []), { id: l.id, name: l.name, slug: l.slug }]);
  }
  return map;
}

export async function getEbookForViewer({ id, viewer }: { id: string; viewer: Viewer }): Promise<GatedEbook | null> {
  if (!isId(id)) return null;
  // The row and its categories are the same for everyone (kept until content changes); visibility and the gate run
  // on every request, for this viewer.
  const found = await publicRead(`ebook:${id.toLowerCase()}`, async () => {
    const [row] = await getDb().select().from(ebooks).where(eq(ebooks.id, id));
    return row ? { row, categories: (await ebookCategoriesOf([row])).get(row.id) ?? [] } : null;
  });
  return found && ebookVisible(viewer, found.row) ? gateEbook(viewer, found.row, found.categories) : null;
}

export const EBOOKS_PAGE_SIZE = 12;

export async function listEbooksForViewer(query: {
  viewer: Viewer;
  q?: string;
  access?: AccessType | "all";
  page?: number;
  pageSize?: number;
  /** The reader's language (the page's): her language's ebooks first, then the others, each newest first. */
  language?: Locale;
}): Promise<{ items: GatedEbook[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(query.pageSize ?? EBOOKS_PAGE_SIZE, 1), 50);
  const page = clampPage(query.page);
  const q = query.q?.trim().slice(0, 100);
  // What is listed does not depend on who asks; only each ebook's access does.
  const key = JSON.stringify(["ebooks", query.access ?? "all", q ?? "", page, pageSize, query.language ?? ""]);
  const listed = await publicRead(key, async () => {
    const where: SQL[] = [eq(ebooks.published, true)];
    if (query.access && query.access !== "all") where.push(eq(ebooks.accessType, query.access));
    if (q) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(ilike(ebooks.title, pattern), ilike(ebooks.description, pattern))!);
    }
    const condition = and(...where);
    const db = getDb();
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(ebooks)
        .where(condition)
        .orderBy(...(query.language ? [inLanguageFirst(ebooks.language, query.language)] : []), desc(ebooks.createdAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.$count(ebooks, condition),
    ]);
    return { rows, categories: await ebookCategoriesOf(rows), total };
  });
  const items = listed.rows.map((r) => gateEbook(query.viewer, r, listed.categories.get(r.id) ?? []));
  return { items, total: listed.total, page, pageSize };
}
