import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { readerId, users } from "./accounts";
import { ebookOf, ebooks } from "./content";
import { createdAt, updatedAt, uuidId, timestamptz } from "./columns";

export const ebookAccessKind = pgEnum("ebook_access_kind", ["view", "download"]);

export const ebookAccessLogs = pgTable(
  "ebook_access_logs",
  {
    id: uuidId(),
    ebookId: ebookOf(),
    userId: readerId(),
    accessType: ebookAccessKind("access_type").notNull(),
    orderReference: text("order_reference"),
    accessedAt: timestamptz("accessed_at").notNull().defaultNow(),
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
    userId: readerId(),
    ebookId: ebookOf(),
    lastPage: integer("last_page").notNull(),
    pageCount: integer("page_count"),
    updatedAt: updatedAt(),
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
    userId: readerId(),
    ebookId: ebookOf(),
    fileKey: text("file_key").notNull(),
    // The source file and stamp it was made from; a change to either makes a new copy.
    sourceKey: text("source_key").notNull(),
    sourceEtag: text("source_etag").notNull(),
    stamp: text("stamp").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ebookId] })],
);

/** One section of a text edition as the table of contents lists it; its text lives in private storage. */
export interface TextSectionEntry {
  title: string;
  /** Characters of text in the section (for progress in percent). */
  chars: number;
}

// The reflowable text edition of an ebook (issue 32): derived from its PDF at upload, stored privately like the PDF.
export const ebookTextEditions = pgTable(
  "ebook_text_editions",
  {
    ebookId: uuid("ebook_id")
      .primaryKey()
      .references(() => ebooks.id, { onDelete: "cascade" }),
    /** Private storage key of the JSON sections; null when extraction failed. */
    fileKey: text("file_key"),
    /** The file (PDF or EPUB) it is made from: a new file makes a new edition. */
    sourceKey: text("source_key").notNull(),
    /** Which kind of file sourceKey is: an uploaded EPUB wins over the PDF. */
    source: text("source").$type<"pdf" | "epub">().notNull().default("pdf"),
    /** Set while the job has it to make (again): when the next attempt may start. Null once ready or failed. */
    runAfter: timestamptz("run_after"),
    /** Attempts at the current request (a failure that may pass, such as storage unreachable, is retried). */
    attempts: integer("attempts").notNull().default(0),
    /** The runner that claimed it and until when; a claim that runs out (a crash) is claimed again. */
    claim: uuid("claim"),
    claimedUntil: timestamptz("claimed_until"),
    /** The admin's switch for PDFs whose extraction reads poorly. */
    enabled: boolean("enabled").notNull().default(true),
    sections: jsonb("sections").$type<TextSectionEntry[]>().notNull().default([]),
    error: text("error"),
    updatedAt: updatedAt(),
  },
  (t) => [index("ebook_text_editions_due_idx").on(t.runAfter)],
);

// Where each reader stopped in a text edition: the section and the paragraph at the top of her screen.
export const ebookTextPositions = pgTable(
  "ebook_text_positions",
  {
    userId: readerId(),
    ebookId: ebookOf(),
    section: integer("section").notNull(),
    offset: integer("offset").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ebookId] }),
    check("ebook_text_positions_not_negative", sql`${t.section} >= 0 and ${t.offset} >= 0`),
  ],
);

export const readerTheme = pgEnum("reader_theme", ["light", "sepia", "dark"]);

// How she likes text mode set, the same on every device.
export const readerTextPreferences = pgTable(
  "reader_text_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fontSize: integer("font_size").notNull().default(18),
    /** Line height in tenths (16 = 1.6). */
    lineHeight: integer("line_height").notNull().default(16),
    theme: readerTheme("theme").notNull().default("light"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reader_text_preferences_font_size", sql`${t.fontSize} between 16 and 32`),
    check("reader_text_preferences_line_height", sql`${t.lineHeight} between 12 and 24`),
  ],
);
