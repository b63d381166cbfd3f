import { and, desc, eq, inArray, like, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { articleCategories, articles, categories, type RichBlock } from "~/db/schema";
import { accessForArticle, type AccessType, type Viewer } from "~/modules/access/policy";
import { clampPage } from "./paging";
import { cutAtWord, plainText, PREVIEW_CHARS, readingMinutes } from "./text";

type ArticleRow = typeof articles.$inferSelect;

export interface CategoryRef {
  id: string;
  name: string;
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

function fullText(row: ArticleRow): string {
  const blocks = row.richContent?.filter((b) => b.type === "text").map((b) => b.content) ?? [];
  return plainText(blocks.length ? blocks.join(" ") : row.content);
}

export function gateArticle(viewer: Viewer, row: ArticleRow, cats: CategoryRef[] = []): GatedArticle {
  const access = accessForArticle(viewer, row);
  const text = fullText(row);
  const preview = row.excerpt?.trim() ? row.excerpt.trim() : cutAtWord(text, PREVIEW_CHARS);
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt?.trim() || cutAtWord(text, 160),
    metaDescription: row.metaDescription,
    imageUrl: row.imageUrl ?? row.coverImageUrl,
    accessType: row.accessType,
    access,
    tags: row.tags,
    isFeatured: row.isFeatured,
    isMustRead: row.isMustRead,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    readingMinutes: readingMinutes(text),
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
>;

export function listItemOf(article: GatedArticle): ArticleListItem {
  return {
    id: article.id,
    title: article.title,
    excerpt: article.excerpt,
    imageUrl: article.imageUrl,
    accessType: article.accessType,
    access: article.access,
    readingMinutes: article.readingMinutes,
    categories: article.categories,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    isFeatured: article.isFeatured,
    isMustRead: article.isMustRead,
  };
}

async function categoriesFor(ids: string[]): Promise<Map<string, CategoryRef[]>> {
  const map = new Map<string, CategoryRef[]>();
  if (ids.length === 0) return map;
  const rows = await getDb()
    .select({ articleId: articleCategories.articleId, id: categories.id, name: categories.name, slug: categories.slug })
    .from(articleCategories)
    .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
    .where(inArray(articleCategories.articleId, ids));
  for (const r of rows) {
    const list = map.get(r.articleId) ?? [];
    list.push({ id: r.id, name: r.name, slug: r.slug });
    map.set(r.articleId, list);
  }
  return map;
}

async function gateAll(viewer: Viewer, rows: ArticleRow[]): Promise<GatedArticle[]> {
  const cats = await categoriesFor(rows.map((r) => r.id));
  return rows.map((r) => gateArticle(viewer, r, cats.get(r.id) ?? []));
}

/** A published article, gated for the viewer; null when unknown or unpublished. */
export async function getArticleForViewer({
  id,
  viewer,
}: {
  id: string;
  viewer: Viewer;
}): Promise<GatedArticle | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await getDb()
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.published, true)));
  if (!row) return null;
  return (await gateAll(viewer, [row]))[0];
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
}

function escapeLike(q: string) {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Published articles newest first, gated for the viewer, with a total for pagination. */
export async function listArticlesForViewer(
  query: ArticleListQuery,
): Promise<{ items: ArticleListItem[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(query.pageSize ?? ARTICLES_PAGE_SIZE, 1), 50);
  const page = clampPage(query.page);
  const where: SQL[] = [eq(articles.published, true)];
  if (query.access && query.access !== "all") where.push(eq(articles.accessType, query.access));
  if (query.featured) where.push(eq(articles.isFeatured, true));
  if (query.mustRead) where.push(eq(articles.isMustRead, true));
  if (query.categoryId) {
    where.push(
      inArray(
        articles.id,
        getDb()
          .select({ id: articleCategories.articleId })
          .from(articleCategories)
          .where(eq(articleCategories.categoryId, query.categoryId)),
      ),
    );
  }
  const q = query.q?.trim().toLowerCase().slice(0, 100);
  if (q) where.push(like(articles.searchText, `%${escapeLike(q)}%`));
  const condition = and(...where);
  const db = getDb();
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(condition)
      .orderBy(desc(articles.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(articles, condition),
  ]);
  return { items: (await gateAll(query.viewer, rows)).map(listItemOf), total, page, pageSize };
}
