import { check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";
import { ebooks } from "./content";

export const ebookAccessKind = pgEnum("ebook_access_kind", ["view", "download"]);

export const ebookAccessLogs = pgTable(
  "ebook_access_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ebookId: uuid("ebook_id")
      .notNull()
      .references(() => ebooks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessType: ebookAccessKind("access_type").notNull(),
    orderReference: text("order_reference"),
    accessedAt: timestamp("accessed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ebook_access_logs_rate_idx").on(t.userId, t.ebookId, t.accessType, t.accessedAt),
    // The retention job deletes by age (privacy/retention-rules.ts).
    index("ebook_access_logs_accessed_idx").on(t.accessedAt),
  ],
);

// Where each reader stopped in each ebook, so the reader opens there again (and the library can show it).
export const ebookReadingProgress = pgTable(
  "ebook_reading_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ebookId: uuid("ebook_id")
      .notNull()
      .references(() => ebooks.id, { onDelete: "cascade" }),
    lastPage: integer("last_page").notNull(),
    pageCount: integer("page_count"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ebookId] }),
    check("ebook_reading_progress_page_positive", sql`${t.lastPage} >= 1`),
  ],
);

// The copy stamped for one reader, kept so a download streams a stored file instead of stamping again.
export const ebookStampedCopies = pgTable(
  "ebook_stamped_copies",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ebookId: uuid("ebook_id")
      .notNull()
      .references(() => ebooks.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    // The source file and stamp it was made from; a change to either makes a new copy.
    sourceKey: text("source_key").notNull(),
    sourceEtag: text("source_etag").notNull(),
    stamp: text("stamp").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ebookId] })],
);
