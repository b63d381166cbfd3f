import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { categories } from "~/db/schema";

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
  return getDb()
    .select(columns)
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortKey), asc(categories.name));
}

export async function getCategoryBySlug(slug: string): Promise<CategoryView | null> {
  const [row] = await getDb()
    .select(columns)
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)));
  return row ?? null;
}
