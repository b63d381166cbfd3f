import { and, desc, eq, inArray, isNull, like, sql, type SQL } from "drizzle-orm";
import type { Locale } from "~/lib/locale";
import { inLanguageFirst } from "./language-order";
import { getDb } from "~/db/client.server";
import { publicRead } from "~/lib/public-reads.server";
import { articleCategories, articles, categories, type RichBlock } from "~/db/schema";
import { accessForArticle, guestViewer, type AccessType, type Viewer } from "~/modules/access/policy";
import { clampPage } from "~/lib/paging";
import { cutAtWord, PREVIEW_CHARS } from "./text";
import { bodyText, cardText } from "./article-card-text";
import { isId } from "~/lib/ids";

type ArticleRow = typeof articles.$inferSelect;

export interface CategoryRef {
  id: string;
  name: string;
  /** Read where a card may show it on a Swahili page (issue 50); card-data.ts picks the words. */
  nameSw?: string | null;
  slug: string;
}

/** An article as it may leave the content module: the body only when the viewer has full access. */
export interface GatedArticle {
  id: string;
  title: string;
  excerpt: string;
  metaDescription: string | null;
  imageUrl: string | null;
  accessType: AccessType;
  access: "full" | "preview";
  /** The language it is written in: "en" or "sw" (issue 50). */
  language: string;
  tags: string[];
  isFeatured: boolean;
  isMustRead: boolean;
  createdAt: string;
  updatedAt: string;
  readingMinutes: number;
  categories: CategoryRef[];
  /** Full body: null unless access is 'full'. */
  content: string | null;
  richContent: RichBlock[] | null;
  videoUrl: string | null;
  /** What a reader without access sees: the excerpt or the first 300 characters. */
  preview: string;
}

export function gateArticle(viewer: Viewer, row: ArticleRow, cats: CategoryRef[] = []): GatedArticle {
  const access = accessForArticle(viewer, row);
  const text = bodyText(row);
  const card = cardText(row, text);
  const preview = row.excerpt?.trim() ? row.excerpt.trim() : cutAtWord(text, PREVIEW_CHARS);
  return {
    id: row.id,
    title: row.title,
    excerpt: card.cardExcerpt,
    metaDescription: row.metaDescription,
    imageUrl: row.imageUrl ?? row.coverImageUrl,
    accessType: row.accessType,
    access,
    language: row.language,
    tags: row.tags,
    isFeatured: row.isFeatured,
    isMustRead: row.isMustRead,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    readingMinutes: card.readingMinutes,
    categories: cats,
    content: access === "full" ? row.content : null,
    richContent: access === "full" ? row.richContent : null,
    videoUrl: access === "full" ? row.videoUrl : null,
    preview,
  };
}

/** What a list shows of an article: the card's fields, computed on the server, never a body (issue 14). */
export type ArticleListItem = Pick<
  GatedArticle,
  | "id"
  | "title"
  | "excerpt"
  | "imageUrl"
  | "accessType"
  | "access"
  | "readingMinutes"
  | "categories"
  | "createdAt"
  | "updatedAt"
  | "isFeatured"
  | "isMustRead"
  | "language"
>;

/** The columns a card needs: never a body (the card's reading time and excerpt are stored with the article). */
const CARD_COLUMNS = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  coverImageUrl: articles.coverImageUrl,
  accessType: articles.accessType,
  language: articles.language,
  isFeatured: articles.isFeatured,
  isMustRead: articles.isMustRead,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  readingMinutes: articles.readingMinutes,
  cardExcerpt: articles.cardExcerpt,
};

type CardRow = { [K in keyof typeof CARD_COLUMNS]: ArticleRow[K] };

/**
 * Cards for rows whose card text was never stored (written before it existed, or by a path that did not fill it
 * in): computed from the body now and stored, so the next list reads it.
 */
async function fillCardText(rows: CardRow[]): Promise<Map<string, { readingMinutes: number; cardExcerpt: string }>> {
  const missing = rows.filter((r) => r.readingMinutes === null || r.cardExcerpt === null).map((r) => r.id);
  const filled = new Map<string, { readingMinutes: number; cardExcerpt: string }>();
  if (missing.length === 0) return filled;
  const db = getDb();
  const bodies = await db
    .select({
      id: articles.id,
      content: articles.content,
      richContent: articles.richContent,
      excerpt: articles.excerpt,
    })
    .from(articles)
    .where(inArray(articles.id, missing));
  for (const body of bodies) {
    const card = cardText(body);
    filled.set(body.id, card);
    // Only where still unfilled and the text is the one read: an edit saved meanwhile stored its own card text.
    await db
      .update(articles)
      .set(card)
      .where(
        and(
          eq(articles.id, body.id),
          isNull(articles.readingMinutes),
          eq(articles.content, body.content),
          sql`${articles.richContent} is not distinct from ${body.richContent === null ? null : JSON.stringify(body.richContent)}::jsonb`,
          sql`${articles.excerpt} is not distinct from ${body.excerpt}`,
        ),
      );
  }
  return filled;
}

type Card = Omit<ArticleListItem, "access">;

/** The cards of `rows`, the same for every viewer (each viewer's access is added per request). */
async function cardsOf(rows: CardRow[]): Promise<Card[]> {
  const [cats, filled] = await Promise.all([categoriesFor(rows.map((r) => r.id)), fillCardText(rows)]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    excerpt: filled.get(row.id)?.cardExcerpt ?? row.cardExcerpt!,
    imageUrl: row.imageUrl ?? row.coverImageUrl,
    accessType: row.accessType,
    language: row.language,
    readingMinutes: filled.get(row.id)?.readingMinutes ?? row.readingMinutes!,
    categories: cats.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isFeatured: row.isFeatured,
    isMustRead: row.isMustRead,
  }));
}

async function categoriesFor(ids: string[]): Promise<Map<string, CategoryRef[]>> {
  const map = new Map<string, CategoryRef[]>();
  if (ids.length === 0) return map;
  const rows = await getDb()
    .select({
      articleId: articleCategories.articleId,
      id: categories.id,
      name: categories.name,
      nameSw: categories.nameSw,
      slug: categories.slug,
    })
    .from(articleCategories)
    .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
    .where(inArray(articleCategories.articleId, ids));
  for (const r of rows) {
    const list = map.get(r.articleId) ?? [];
    list.push({ id: r.id, name: r.name, nameSw: r.nameSw, slug: r.slug });
    map.set(r.articleId, list);
  }
  return map;
}

/** A published article, gated for the viewer; null when unknown or unpublished. */
export async function getArticleForViewer({
  id,
  viewer,
}: {
  id: string;
  viewer: Viewer;
}): Promise<GatedArticle | null> {
  if (!isId(id)) return null;
  // The published row and its categories are the same for everyone (kept until content changes); the gate runs
  // on every request, for this viewer.
  const found = await publicRead(`article:${id.toLowerCase()}`, async () => {
    const [row] = await getDb()
      .select()
      .from(articles)
      .where(and(eq(articles.id, id), eq(articles.published, true)));
    return row ? { row, categories: (await categoriesFor([row.id])).get(row.id) ?? [] } : null;
  });
  return found && gateArticle(viewer, found.row, found.categories);
}

/**
 * The published article `id` is linked to as its translation (issue 50, ADR 048): its id and language, or null. The
 * same for everyone (kept until content changes); whether she may read it is that page's own business.
 */
export async function getArticleTranslation(id: string): Promise<{ id: string; language: Locale } | null> {
  if (!isId(id)) return null;
  return publicRead(`article-translation:${id.toLowerCase()}`, async () => {
    const [row] = await getDb()
      .select({ id: articles.id, language: articles.language })
      .from(articles)
      .where(
        and(
          eq(articles.published, true),
          inArray(
            articles.id,
            getDb().select({ id: articles.translationId }).from(articles).where(eq(articles.id, id)),
          ),
        ),
      );
    return row ? { id: row.id, language: row.language === "sw" ? "sw" : "en" } : null;
  });
}

export const ARTICLES_PAGE_SIZE = 12;

export interface ArticleListQuery {
  viewer: Viewer;
  q?: string;
  access?: AccessType | "all";
  page?: number;
  pageSize?: number;
  categoryId?: string;
  featured?: boolean;
  mustRead?: boolean;
  /** The reader's language (the page's): her language's articles first, then the others, each newest first. */
  language?: Locale;
}

function escapeLike(q: string) {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** SQL: the article is filed under a category the condition on article_categories picks. */
function filedUnder(category: SQL | undefined) {
  return inArray(
    articles.id,
    getDb().select({ id: articleCategories.articleId }).from(articleCategories).where(category),
  );
}

/** Published articles newest first, gated for the viewer, with a total for pagination. */
export async function listArticlesForViewer(
  query: ArticleListQuery,
): Promise<{ items: ArticleListItem[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(query.pageSize ?? ARTICLES_PAGE_SIZE, 1), 50);
  const page = clampPage(query.page);
  const q = query.q?.trim().toLowerCase().slice(0, 100);
  // What is listed does not depend on who asks; only each card's access does.
  const key = JSON.stringify([
    "articles",
    query.access ?? "all",
    !!query.featured,
    !!query.mustRead,
    query.categoryId ?? "",
    q ?? "",
    page,
    pageSize,
    query.language ?? "",
  ]);
  const listed = await publicRead(key, async () => {
    const where: SQL[] = [eq(articles.published, true)];
    if (query.access && query.access !== "all") where.push(eq(articles.accessType, query.access));
    if (query.featured) where.push(eq(articles.isFeatured, true));
    if (query.mustRead) where.push(eq(articles.isMustRead, true));
    if (query.categoryId) where.push(filedUnder(eq(articleCategories.categoryId, query.categoryId)));
    if (q) where.push(like(articles.searchText, `%${escapeLike(q)}%`));
    const condition = and(...where);
    const db = getDb();
    const [rows, total] = await Promise.all([
      db
        .select(CARD_COLUMNS)
        .from(articles)
        .where(condition)
        .orderBy(
          ...(query.language ? [inLanguageFirst(articles.language, query.language)] : []),
          desc(articles.createdAt),
        )
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.$count(articles, condition),
    ]);
    return { cards: await cardsOf(rows), total };
  });
  const items = listed.cards.map((card) => ({ ...card, access: accessForArticle(query.viewer, card) }));
  return { items, total: listed.total, page, pageSize };
}

/**
 * Published articles created after `since`, in any of `categoryIds` (every category when empty), newest first, as a
 * guest sees them: the weekly digest shows their openings only (issue 34), so nothing locked goes out.
 */
export async function newArticlesForGuests({
  since,
  categoryIds,
  limit = 10,
}: {
  since: Date;
  categoryIds: readonly string[];
  limit?: number;
}): Promise<GatedArticle[]> {
  const where: SQL[] = [eq(articles.published, true), sql`${articles.createdAt} > ${since.toISOString()}::timestamptz`];
  if (categoryIds.length) where.push(filedUnder(inArray(articleCategories.categoryId, [...categoryIds])));
  const rows = await getDb()
    .select()
    .from(articles)
    .where(and(...where))
    .orderBy(desc(articles.createdAt))
    .limit(limit);
  const cats = await categoriesFor(rows.map((r) => r.id));
  return rows.map((r) => gateArticle(guestViewer(), r, cats.get(r.id) ?? []));
}
