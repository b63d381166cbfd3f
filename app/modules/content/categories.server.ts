import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { publicRead } from "~/lib/public-reads.server";
import { categories, categoryOldSlugs } from "~/db/schema";

export interface CategoryView {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
  themeColor: string | null;
  colorGradient: string | null;
}

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  icon: categories.icon,
  themeColor: categories.themeColor,
  colorGradient: categories.colorGradient,
};

export async function listCategories(): Promise<CategoryView[]> {
  return publicRead("categories", () =>
    getDb()
      .select(columns)
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortKey), asc(categories.name)),
  );
}

// Slugs are short lowercase words and dashes; anything else (NUL bytes, huge strings) is simply unknown.
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export async function getCategoryBySlug(slug: string): Promise<CategoryView | null> {
  if (!SLUG.test(slug)) return null;
  const [row] = await getDb()
    .select(columns)
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)));
  return row ?? null;
}

/**
 * The current slug of the shown category that had `slug` before a rename, or null. However many renames ago, the
 * answer is today's slug, so an old link takes one redirect. A hidden category's old addresses stay unknown.
 */
export async function movedCategorySlug(slug: string): Promise<string | null> {
  if (!SLUG.test(slug)) return null;
  const [row] = await getDb()
    .select({ slug: categories.slug })
    .from(categoryOldSlugs)
    .innerJoin(categories, eq(categories.id, categoryOldSlugs.categoryId))
    .where(and(eq(categoryOldSlugs.slug, slug), eq(categories.isActive, true)));
  return row?.slug ?? null;
}

/** The ids among `ids` that name a category (duplicates dropped): what an article or ebook may be filed under. */
export async function existingCategoryIds(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...new Set(ids)]));
  return rows.map((r) => r.id);
}
