import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";
import { createdAt, updatedAt, uuidId, cents } from "./columns";

export const accessType = pgEnum("access_type", ["free", "premium", "subscription"]);

export type RichBlock =
  | { type: "text"; content: string }
  | { type: "image"; content: string; caption?: string }
  | { type: "video"; content: string; caption?: string };

export const categories = pgTable("categories", {
  id: uuidId(),
  name: text("name").notNull(),
  /** The name on Swahili pages (issue 50); English pages, and Swahili ones while it is unset, show `name`. */
  nameSw: text("name_sw"),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  descriptionSw: text("description_sw"),
  imageUrl: text("image_url"),
  themeColor: text("theme_color"),
  colorGradient: text("color_gradient"),
  icon: text("icon"),
  isActive: boolean("is_active").notNull().default(true),
  sortKey: integer("sort_key").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Addresses a category had before a rename: /category/{slug} answers 301 to its current address, so links shared
 * before the rename keep working. A slug is either some category's current slug or one row here, never both: a
 * category that takes a slug (new, or renamed back) removes that row. Deleting the category drops its rows.
 */
export const categoryOldSlugs = pgTable(
  "category_old_slugs",
  {
    slug: text("slug").primaryKey(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("category_old_slugs_category_idx").on(t.categoryId)],
);

export const articles = pgTable(
  "articles",
  {
    id: uuidId(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull().default(""),
    richContent: jsonb("rich_content").$type<RichBlock[]>(),
    metaDescription: text("meta_description"),
    videoUrl: text("video_url"),
    imageUrl: text("image_url"),
    coverImageUrl: text("cover_image_url"),
    accessType: accessType("access_type").notNull().default("free"),
    // The language it is written in (issue 50, ADR 048): lists put the reader's language first and mark the others.
    language: text("language").notNull().default("en"),
    // The same article in the other language (issue 50, ADR 048), stored on both: A -> B and B -> A, set and cleared
    // together (article-admin.server.ts, setTranslation). One translation at most (unique); deleting one clears the
    // other's link.
    translationId: uuid("translation_id").references((): AnyPgColumn => articles.id, { onDelete: "set null" }),
    tags: text("tags").array().notNull().default([]),
    isPremium: boolean("is_premium").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    isMustRead: boolean("is_must_read").notNull().default(false),
    published: boolean("published").notNull().default(false),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    // What search looks at, lowercased and kept short so a search never reads whole bodies and a plain LIKE
    // suffices. Only text every guest sees, or search would tell a guest which words a locked body holds:
    // title, meta description and excerpt always; the opening of the body (first 200 characters of its text)
    // only for free articles. A locked article's body is never searchable, not even the preview a guest sees
    // when it has no excerpt: that preview is cut from the rich text at a word boundary, which SQL cannot
    // reproduce exactly.
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(title || ' ' || coalesce(meta_description, '') || ' ' || coalesce(excerpt, '') || case when access_type = 'free' then ' ' || left(regexp_replace(content, '<[^>]*>', ' ', 'g'), 200) else '' end)`,
    ),
    // What a card shows, computed from the body when it is written (article-cards.server.ts), so lists never read
    // bodies. Null means not computed yet: lists then compute it from the body and store it. A trigger (migration
    // 0021) sets both back to null when an update changes the body or excerpt without them (ADR 021).
    readingMinutes: integer("reading_minutes"),
    cardExcerpt: text("card_excerpt"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("articles_published_created_idx").on(t.published, t.createdAt),
    index("articles_access_idx").on(t.accessType),
    check("articles_language_known", sql`${t.language} in ('en', 'sw')`),
    unique("articles_translation_once").on(t.translationId),
    check("articles_translation_not_itself", sql`${t.translationId} <> ${t.id}`),
  ],
);

export const articleCategories = pgTable(
  "article_categories",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.categoryId] }),
    index("article_categories_category_idx").on(t.categoryId),
  ],
);

export const ebooks = pgTable(
  "ebooks",
  {
    id: uuidId(),
    title: text("title").notNull(),
    description: text("description"),
    coverImageUrl: text("cover_image_url"),
    // Storage key in the private bucket; never a public URL.
    filePath: text("file_path"),
    // An EPUB the admin uploaded for the text edition (private bucket); when set, the edition is made from it.
    epubPath: text("epub_path"),
    pageCount: integer("page_count"),
    // Base price in KES cents (ADR 008); null means subscription-only.
    priceCents: cents("price_cents"),
    accessType: accessType("access_type").notNull().default("free"),
    // The language it is written in (issue 50, ADR 048).
    language: text("language").notNull().default("en"),
    // The same ebook in the other language (issue 50), stored on both as for articles (ebook-admin.server.ts).
    translationId: uuid("translation_id").references((): AnyPgColumn => ebooks.id, { onDelete: "set null" }),
    published: boolean("published").notNull().default(false),
    downloadable: boolean("downloadable").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ebooks_published_created_idx").on(t.published, t.createdAt),
    check("ebooks_price_not_negative", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check("ebooks_language_known", sql`${t.language} in ('en', 'sw')`),
    unique("ebooks_translation_once").on(t.translationId),
    check("ebooks_translation_not_itself", sql`${t.translationId} <> ${t.id}`),
  ],
);

/** A row about one ebook that goes with it: ebook_id, deleted with the ebook. */
export const ebookOf = () =>
  uuid("ebook_id")
    .notNull()
    .references(() => ebooks.id, { onDelete: "cascade" });

export const ebookCategories = pgTable(
  "ebook_categories",
  {
    ebookId: uuid("ebook_id")
      .notNull()
      .references(() => ebooks.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.ebookId, t.categoryId] }), index("ebook_categories_category_idx").on(t.categoryId)],
);
