// Articles as the admin screens list and change them. Every function takes the AdminViewer the admin guard checked (access/policy.ts).
import { cardText } from "./article-card-text";
import { isId } from "~/lib/ids";
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { articleCategories, articles, categories } from "~/db/schema";
import { type AccessType, type AdminViewer } from "~/modules/access/policy";
import { AppError } from "~/lib/app-error";
import { CONTENT_ADMIN_ERRORS } from "./content-admin-errors";
import { changedFields, recordActivity } from "~/modules/admin/activity.server";
import { clampPage } from "~/lib/paging";
import { richBlocksAsHtml, sanitizeArticleHtml } from "./article-html.server";
import { existingCategoryIds } from "./categories.server";
import type { ArticleFormInput } from "./article-form";

export const ADMIN_ARTICLES_PAGE_SIZE = 20;

export interface AdminArticleFilters {
  q?: string;
  status?: "all" | "published" | "draft";
  access?: "all" | AccessType;
  category?: string;
  page?: number;
}

export interface AdminArticleRow {
  id: string;
  title: string;
  excerpt: string | null;
  imageUrl: string | null;
  accessType: AccessType;
  published: boolean;
  isFeatured: boolean;
  isMustRead: boolean;
  tags: string[];
  categories: { id: string; name: string }[];
  createdAt: string;
}

/** Newest first, 20 a page, searchable by title and filterable: quick with thousands of articles. */
export async function listArticlesForAdmin(viewer: AdminViewer, filters: AdminArticleFilters) {
  const db = getDb();
  const where: SQL[] = [];
  const q = filters.q?.trim().slice(0, 100);
  if (q) where.push(ilike(articles.title, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filters.status === "published") where.push(eq(articles.published, true));
  if (filters.status === "draft") where.push(eq(articles.published, false));
  if (filters.access && filters.access !== "all") where.push(eq(articles.accessType, filters.access));
  if (filters.category && isId(filters.category)) {
    where.push(
      inArray(
        articles.id,
        db
          .select({ id: articleCategories.articleId })
          .from(articleCategories)
          .where(eq(articleCategories.categoryId, filters.category)),
      ),
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const page = clampPage(filters.page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: articles.title,
        excerpt: articles.excerpt,
        imageUrl: sql<string | null>`coalesce(${articles.coverImageUrl}, ${articles.imageUrl})`,
        accessType: articles.accessType,
        published: articles.published,
        isFeatured: articles.isFeatured,
        isMustRead: articles.isMustRead,
        tags: articles.tags,
        createdAt: articles.createdAt,
      })
      .from(articles)
      .where(condition)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(ADMIN_ARTICLES_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ARTICLES_PAGE_SIZE),
    db.select({ total: count() }).from(articles).where(condition),
  ]);
  const links = rows.length
    ? await db
        .select({ articleId: articleCategories.articleId, id: categories.id, name: categories.name })
        .from(articleCategories)
        .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
        .where(
          inArray(
            articleCategories.articleId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const items: AdminArticleRow[] = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    categories: links.filter((l) => l.articleId === r.id).map(({ id, name }) => ({ id, name })),
  }));
  return { items, total, page, pageSize: ADMIN_ARTICLES_PAGE_SIZE };
}

/** Everything the edit form shows, with the version it was opened at. */
export async function getArticleForEdit(viewer: AdminViewer, id: string) {
  if (!isId(id)) return null;
  const db = getDb();
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) return null;
  const links = await db
    .select({ id: articleCategories.categoryId })
    .from(articleCategories)
    .where(eq(articleCategories.articleId, id));
  return {
    id: row.id,
    title: row.title,
    // An article written as rich blocks opens as one document; saving it stores that document.
    content: row.richContent?.length ? richBlocksAsHtml(row.richContent) : row.content,
    excerpt: row.excerpt ?? "",
    metaDescription: row.metaDescription ?? "",
    imageUrl: row.imageUrl ?? "",
    videoUrl: row.videoUrl ?? "",
    accessType: row.accessType,
    language: row.language,
    translationId: row.translationId,
    published: row.published,
    isFeatured: row.isFeatured,
    isMustRead: row.isMustRead,
    tags: row.tags,
    categoryIds: links.map((l) => l.id),
    version: versionOf(row.updatedAt),
  };
}

/**
 * The pictures in a stored body that have no description (no alt, or an empty one), by address, in order. The body
 * was cleaned by the reading allow-list, so each picture is a plain <img> tag with quoted attributes.
 */
export function picturesWithoutAlt(html: string): string[] {
  const missing: string[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const alt = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    if ((alt?.[1] ?? alt?.[2] ?? "").trim()) continue;
    missing.push(/\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag)?.slice(1).find(Boolean) ?? "(no address)");
  }
  return missing;
}

/** A picture as the warning names it: its file's name, not the whole address. */
function pictureName(src: string): string {
  const file = src.split(/[?#]/)[0]!.split("/").pop() || src;
  try {
    return decodeURIComponent(file);
  } catch {
    return file;
  }
}

/**
 * Before a save that publishes (issue 46): the body's pictures without a description that readers would newly meet
 * (all of them when the article goes live; those not already live in the published text when it is edited), unless
 * she confirmed publishing without. Throws ARTICLE_PICTURES_WITHOUT_ALT naming them.
 */
function checkPictureDescriptions(input: ArticleFormInput, content: string, live: string | null) {
  if (!input.published || input.publishWithoutAlt) return;
  const known = new Set(live === null ? [] : picturesWithoutAlt(live));
  const missing = picturesWithoutAlt(content).filter((src) => !known.has(src));
  if (!missing.length) return;
  const names = missing.map((src, i) => `${i + 1}. ${pictureName(src)}`).join("; ");
  throw new AppError(
    CONTENT_ADMIN_ERRORS.ARTICLE_PICTURES_WITHOUT_ALT,
    `${missing.length === 1 ? "A picture" : `${missing.length} pictures`} in the text ${missing.length === 1 ? "has" : "have"} no description for readers who cannot see ${missing.length === 1 ? "it" : "them"}: ${names}. Select a picture and choose Image to describe it, or tick "Publish without descriptions" and save again.`,
  );
}

/** How many articles the Translation select offers at most (newest first; the linked one always). */
export const TRANSLATION_CHOICES = 300;

/**
 * The articles the editor's Translation select offers (issue 50): every article but this one that has no translation
 * yet or is this one's, newest first, with its language (the select shows those of the other language).
 */
export async function translationChoices(_admin: AdminViewer, articleId: string | null) {
  const free = isNull(articles.translationId);
  const where = articleId ? and(ne(articles.id, articleId), or(free, eq(articles.translationId, articleId))) : free;
  return getDb()
    .select({ id: articles.id, title: articles.title, language: articles.language, published: articles.published })
    .from(articles)
    .where(where)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(TRANSLATION_CHOICES);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Links article `id` (written in `language`) and `translationId` both ways, or with null unlinks it and its old
 * translation (issue 50, ADR 048). Refused (ARTICLE_TRANSLATION_REFUSED, nothing written) when the translation is
 * unknown, this article, in the same language, or another article's translation. The other row is locked first,
 * so two editors linking to it at once cannot both succeed (and the unique constraint stands behind it).
 */
async function setTranslation(tx: Tx, id: string, language: string, translationId: string | null) {
  if (translationId !== null) {
    const [other] = await tx
      .select({ language: articles.language, translationId: articles.translationId })
      .from(articles)
      .where(eq(articles.id, translationId))
      .for("update");
    if (!other || translationId === id || other.language === language || ![null, id].includes(other.translationId))
      throw new AppError(CONTENT_ADMIN_ERRORS.ARTICLE_TRANSLATION_REFUSED);
  }
  // This article's link and its old translation's link back, cleared together (a no-op when nothing changes).
  await tx
    .update(articles)
    .set({ translationId: null })
    .where(or(eq(articles.translationId, id), and(eq(articles.id, id), sql`${articles.translationId} is not null`)));
  if (translationId === null) return;
  await tx.update(articles).set({ translationId: id }).where(eq(articles.id, translationId));
  await tx.update(articles).set({ translationId }).where(eq(articles.id, id));
}

/** Versions are compared at millisecond precision (what a Date and the form carry). */
const versionOf = (date: Date) => date.toISOString();

/** The stored body: editor HTML cleaned with the reading allow-list; plain text is cleaned when it is read. */
function storedContent(input: ArticleFormInput): string {
  return input.contentMode === "rich" ? sanitizeArticleHtml(input.content) : input.content.trim();
}

function columns(input: ArticleFormInput) {
  const content = storedContent(input);
  return {
    title: input.title,
    content,
    richContent: null,
    excerpt: input.excerpt,
    ...cardText({ content, richContent: null, excerpt: input.excerpt }),
    metaDescription: input.metaDescription,
    imageUrl: input.imageUrl,
    videoUrl: input.videoUrl,
    accessType: input.accessType,
    language: input.language,
    isPremium: input.accessType === "premium",
    published: input.published,
    isFeatured: input.isFeatured,
    isMustRead: input.isMustRead,
    tags: input.tags,
  };
}

/** What the audit log keeps of an article: its fields, the body only by its length. */
function auditView(
  row: {
    title: string;
    content: string;
    excerpt: string | null;
    metaDescription: string | null;
    imageUrl: string | null;
    videoUrl: string | null;
    accessType: AccessType;
    published: boolean;
    isFeatured: boolean;
    isMustRead: boolean;
    tags: string[];
  },
  categoryIds: string[],
  translationId: string | null,
) {
  return {
    title: row.title,
    content: `${row.content.length} characters`,
    excerpt: row.excerpt,
    metaDescription: row.metaDescription,
    imageUrl: row.imageUrl,
    videoUrl: row.videoUrl,
    accessType: row.accessType,
    published: row.published,
    isFeatured: row.isFeatured,
    isMustRead: row.isMustRead,
    tags: row.tags,
    categoryIds: [...categoryIds].sort(),
    translationId,
  };
}

export async function createArticle(viewer: AdminViewer, input: ArticleFormInput): Promise<{ id: string }> {
  const categoryIds = await existingCategoryIds(input.categoryIds);
  const values = columns(input);
  checkPictureDescriptions(input, values.content, null);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(articles)
      .values({ ...values, authorId: viewer.user!.id, updatedAt: new Date() })
      .returning({ id: articles.id });
    if (categoryIds.length)
      await tx.insert(articleCategories).values(categoryIds.map((categoryId) => ({ articleId: row.id, categoryId })));
    const translationId = input.translationId ?? null;
    await setTranslation(tx, row.id, values.language, translationId);
    await recordActivity(tx, viewer, {
      action: "created",
      entityType: "article",
      entityId: row.id,
      summary: values.title,
      changes: changedFields(null, auditView(values, categoryIds, translationId)),
    });
    return { id: row.id };
  });
}

/**
 * Saves an edit made on the version the editor opened. When someone saved in between, nothing is written and
 * ARTICLE_EDIT_CONFLICT is thrown: the second editor is told, and no one's work is silently overwritten.
 */
export async function updateArticle(viewer: AdminViewer, id: string, input: ArticleFormInput): Promise<void> {
  if (!isId(id)) throw new AppError("ARTICLE_NOT_FOUND");
  const categoryIds = await existingCategoryIds(input.categoryIds);
  await getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(articles).where(eq(articles.id, id)).for("update");
    if (!current) throw new AppError("ARTICLE_NOT_FOUND");
    if (input.openedVersion && versionOf(current.updatedAt) !== input.openedVersion)
      throw new AppError(CONTENT_ADMIN_ERRORS.ARTICLE_EDIT_CONFLICT);
    const values = columns(input);
    checkPictureDescriptions(input, values.content, current.published ? current.content : null);
    await tx
      .update(articles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(articles.id, id));
    const previous = await tx
      .delete(articleCategories)
      .where(eq(articleCategories.articleId, id))
      .returning({ id: articleCategories.categoryId });
    const translationId = input.translationId ?? null;
    await setTranslation(tx, id, values.language, translationId);
    await recordActivity(tx, viewer, {
      action: "updated",
      entityType: "article",
      entityId: id,
      summary: values.title,
      changes: changedFields(
        auditView(
          current,
          previous.map((p) => p.id),
          current.translationId,
        ),
        auditView(values, categoryIds, translationId),
      ),
    });
    if (categoryIds.length)
      await tx.insert(articleCategories).values(categoryIds.map((categoryId) => ({ articleId: id, categoryId })));
  });
}

/** Deletes an article; one already gone is refused (ARTICLE_ALREADY_DELETED), so the editor is told. */
export async function deleteArticle(viewer: AdminViewer, id: string): Promise<void> {
  if (!isId(id)) throw new AppError(CONTENT_ADMIN_ERRORS.ARTICLE_ALREADY_DELETED);
  await getDb().transaction(async (tx) => {
    const deleted = await tx.delete(articles).where(eq(articles.id, id)).returning({ title: articles.title });
    if (!deleted.length) throw new AppError(CONTENT_ADMIN_ERRORS.ARTICLE_ALREADY_DELETED);
    await recordActivity(tx, viewer, {
      action: "deleted",
      entityType: "article",
      entityId: id,
      summary: deleted[0].title,
    });
  });
}

/** Categories an article can be filed under (all of them, active or not), by name. */
export async function categoryChoices(_admin: AdminViewer) {
  return getDb().select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.name);
}
