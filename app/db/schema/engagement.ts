import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { readerId } from "./accounts";
import { articles } from "./content";
import { createdAt, uuidId, timestamptz } from "./columns";

export const contentKind = pgEnum("content_kind", ["article", "ebook"]);

export const contentReviews = pgTable(
  "content_reviews",
  {
    id: uuidId(),
    contentType: contentKind("content_type").notNull(),
    contentId: uuid("content_id").notNull(),
    userId: readerId(),
    rating: integer("rating"),
    title: text("title"),
    body: text("body"),
    isApproved: boolean("is_approved").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("content_reviews_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    index("content_reviews_content_idx").on(t.contentType, t.contentId, t.isApproved),
  ],
);

export const articleComments = pgTable(
  "article_comments",
  {
    id: uuidId(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: readerId(),
    body: text("body").notNull(),
    isApproved: boolean("is_approved").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("article_comments_article_idx").on(t.articleId, t.isApproved)],
);

// Server-side bookmarks (decisions.md): they follow the reader across devices.
export const bookmarks = pgTable(
  "bookmarks",
  {
    id: uuidId(),
    userId: readerId(),
    contentType: contentKind("content_type").notNull(),
    contentId: uuid("content_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("bookmarks_user_content_uq").on(t.userId, t.contentType, t.contentId)],
);

// When each of her bookmarks last changed (set or removed), kept also after a removal: a "set" sent late (queued
// offline by the service worker, ADR 033) is applied only when it is newer than the last change. No row: no change
// recorded yet (bookmarks made before this table), so any set applies.
export const bookmarkChanges = pgTable(
  "bookmark_changes",
  {
    userId: readerId(),
    contentType: contentKind("content_type").notNull(),
    contentId: uuid("content_id").notNull(),
    changedAt: timestamptz("changed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentType, t.contentId] })],
);
