import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { publicRead } from "~/lib/public-reads.server";
import { categories, categoryOldSlugs } from "~/db/schema";
import type { Locale } from "~/lib/locale";
import { localizedCategory, type LocalizedCategory } from "./category-words";

/** A category as a page in one language shows it: its name and description already in that language. */
export interface CategoryView extends LocalizedCategory {
  id: string;
  slug: string;
  icon: string | null;
  themeColor: string | null;
  colorGradient: string | null;
}

const columns = {
  id: categories.id,
  name: categories.name,
  nameSw: categories.nameSw,
  slug: categories.slug,
  description: categories.description,
  descriptionSw: categories.descriptionSw,
  icon: categories.icon,
  themeColor: categories.themeColor,
  colorGradient: categories.colorGradient,
};

type CategoryRow = { [K in keyof typeof columns]: (typeof categories.$inferSelect)[K] };

/** The row in the page's language; English pages get the fields (and their order) they always had. */
function view({ nameSw, descriptionSw, ...row }: CategoryRow, locale: Locale): CategoryView {
  const { name, nameLang, description, descriptionLang } = localizedCategory({ ...row, nameSw, descriptionSw }, locale);
  return {
    id: row.id,
    name,
    ...(nameLang ? { nameLang } : {}),
    slug: row.slug,
    description,
    ...(descriptionLang ? { descriptionLang } : {}),
    icon: row.icon,
    themeColor: row.themeColor,
    colorGradient: row.colorGradient,
  };
}

export async function listCategories(locale: Locale = "en"): Promise<CategoryView[]> {
  // The rows are kept in both languages (one cached read), the words chosen per page.
  const rows = await publicRead("categories", () =>
    getDb()
      .select(columns)
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortKey), asc(categories.name)),
  );
  return rows.map((row) => view(row, locale));
}

// Slugs are short lowercase words and dashes; anything else (NUL bytes, huge strings) is simply unknown.
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export async function getCategoryBySlug(slug: string, locale: Locale = "en"): Promise<CategoryView | null> {
  if (!SLUG.test(slug)) return null;
  const [row] = await getDb()
    .select(columns)
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)));
  return row ? view(row, locale) : null;
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
