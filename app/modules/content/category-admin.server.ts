// Categories as the admin screens change them. Every function takes the AdminViewer the admin guard checked (access/policy.ts).
import { asc, count, eq } from "drizzle-orm";
import { changedFields, recordActivity } from "~/modules/admin/activity.server";
import { getDb, type Database } from "~/db/client.server";
import { articleCategories, categories, categoryOldSlugs, ebookCategories } from "~/db/schema";
import { type AdminViewer } from "~/modules/access/policy";
import { AppError, defineErrors } from "~/lib/app-error";
import { categorySlug } from "./category-form";

/**
 * Why a category command was refused, in the toast's words (spec: 'Error Creating Category', 'Error Updating
 * Category', 'Error Deleting Category'). The commands throw them as AppError.
 */
export const CATEGORY_ERRORS = defineErrors({
  CATEGORY_CREATE_SLUG_TAKEN: {
    status: 409,
    title: "Error Creating Category",
    message: "A category with this address already exists. Choose another name.",
  },
  CATEGORY_UPDATE_SLUG_TAKEN: {
    status: 409,
    title: "Error Updating Category",
    message: "A category with this address already exists. Choose another name.",
  },
  CATEGORY_UPDATE_GONE: { status: 404, title: "Error Updating Category", message: "This category no longer exists." },
  CATEGORY_IN_USE: {
    status: 409,
    title: "Error Deleting Category",
    message: "Check if it's linked to existing articles/ebooks.",
  },
  CATEGORY_DELETE_GONE: { status: 404, title: "Error Deleting Category", message: "This category no longer exists." },
});

/** A taken address, named: the editor sees which address another category already has. */
function slugTaken(editing: boolean, slug: string) {
  return new AppError(
    editing ? CATEGORY_ERRORS.CATEGORY_UPDATE_SLUG_TAKEN : CATEGORY_ERRORS.CATEGORY_CREATE_SLUG_TAKEN,
    `A category with the address /category/${slug} already exists. Choose another name.`,
  );
}

export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  nameSw: string | null;
  descriptionSw: string | null;
  isActive: boolean;
  articleCount: number;
  ebookCount: number;
}

/** What a command did; a refusal is thrown as an AppError of CATEGORY_ERRORS. */
export type CategoryChange = { ok: true; change: "created" | "updated" | "deleted" | "unchanged" };

export async function listCategoriesForAdmin(_admin: AdminViewer): Promise<AdminCategory[]> {
  const db = getDb();
  const [rows, articleLinks, ebookLinks] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.name)),
    db
      .select({ id: articleCategories.categoryId, n: count() })
      .from(articleCategories)
      .groupBy(articleCategories.categoryId),
    db.select({ id: ebookCategories.categoryId, n: count() }).from(ebookCategories).groupBy(ebookCategories.categoryId),
  ]);
  const articlesBy = new Map(articleLinks.map((l) => [l.id, l.n]));
  const ebooksBy = new Map(ebookLinks.map((l) => [l.id, l.n]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    nameSw: r.nameSw,
    descriptionSw: r.descriptionSw,
    isActive: r.isActive,
    articleCount: articlesBy.get(r.id) ?? 0,
    ebookCount: ebooksBy.get(r.id) ?? 0,
  }));
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === "23505" ||
  (error as { cause?: { code?: string } }).cause?.code === "23505";
const isForeignKeyViolation = (error: unknown) =>
  (error as { code?: string }).code === "23503" || (error as { cause?: { code?: string } }).cause?.code === "23503";

/**
 * A category takes `slug` as its current address. CASE: the slug is an old address of another category (or of this
 * one, renamed back): that redirect goes. An editor who names a category expects the name she chose, not a refusal
 * over an address no category shows any more; the old links then open the category that now has the name.
 */
async function takeSlug(tx: Pick<Database, "delete">, slug: string) {
  await tx.delete(categoryOldSlugs).where(eq(categoryOldSlugs.slug, slug));
}

/** Keeps a renamed category's previous address, so /category/{old} answers 301 to the new one. */
async function keepOldSlug(tx: Pick<Database, "insert">, categoryId: string, slug: string) {
  await tx
    .insert(categoryOldSlugs)
    .values({ slug, categoryId })
    .onConflictDoUpdate({ target: categoryOldSlugs.slug, set: { categoryId, createdAt: new Date() } });
}

export async function saveCategory(
  viewer: AdminViewer,
  input: {
    id?: string;
    name: string;
    description: string | null;
    /** Unset (null) when absent: Swahili pages then show the English words. */
    nameSw?: string | null;
    descriptionSw?: string | null;
    isActive: boolean;
  },
): Promise<CategoryChange> {
  const db = getDb();
  const values = {
    name: input.name,
    slug: categorySlug(input.name),
    description: input.description,
    nameSw: input.nameSw ?? null,
    descriptionSw: input.descriptionSw ?? null,
    isActive: input.isActive,
  };
  try {
    if (!input.id) {
      await db.transaction(async (tx) => {
        await takeSlug(tx, values.slug);
        const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
        await recordActivity(tx, viewer, {
          action: "created",
          entityType: "category",
          entityId: row.id,
          summary: values.name,
          changes: changedFields(null, values),
        });
      });
      return { ok: true, change: "created" };
    }
    const [current] = await db.select().from(categories).where(eq(categories.id, input.id));
    if (!current) throw new AppError(CATEGORY_ERRORS.CATEGORY_UPDATE_GONE);
    if (
      current.name === values.name &&
      current.slug === values.slug &&
      current.description === values.description &&
      current.nameSw === values.nameSw &&
      current.descriptionSw === values.descriptionSw &&
      current.isActive === values.isActive
    )
      return { ok: true, change: "unchanged" };
    await db.transaction(async (tx) => {
      if (current.slug !== values.slug) {
        await takeSlug(tx, values.slug);
        // Rows still pointing at the category (a -> b earlier, now b -> c) lead to the new slug on their own: a
        // redirect looks up the category's current slug, so a chain ends in one hop.
        await keepOldSlug(tx, current.id, current.slug);
      }
      await tx
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, input.id!));
      await recordActivity(tx, viewer, {
        action: "updated",
        entityType: "category",
        entityId: input.id,
        summary: values.name,
        changes: changedFields(current, values),
      });
    });
    return { ok: true, change: "updated" };
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(Boolean(input.id), values.slug);
    throw error;
  }
}

/** Refused while any article or ebook is filed under it (the database refuses too). */
export async function deleteCategory(viewer: AdminViewer, id: string): Promise<CategoryChange> {
  const db = getDb();
  try {
    return await db.transaction(async (tx) => {
      const [linkedArticles, linkedEbooks] = await Promise.all([
        tx.$count(articleCategories, eq(articleCategories.categoryId, id)),
        tx.$count(ebookCategories, eq(ebookCategories.categoryId, id)),
      ]);
      if (linkedArticles + linkedEbooks > 0) throw new AppError(CATEGORY_ERRORS.CATEGORY_IN_USE);
      const deleted = await tx
        .delete(categories)
        .where(eq(categories.id, id))
        .returning({ id: categories.id, name: categories.name });
      if (!deleted.length) throw new AppError(CATEGORY_ERRORS.CATEGORY_DELETE_GONE);
      await recordActivity(tx, viewer, {
        action: "deleted",
        entityType: "category",
        entityId: id,
        summary: deleted[0].name,
      });
      return { ok: true, change: "deleted" } as const;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(CATEGORY_ERRORS.CATEGORY_IN_USE);
    throw error;
  }
}
