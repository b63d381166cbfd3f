import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";
import { createdAt, uuidId, cents } from "./columns";

/** Responsive copies stored beside an image (`<stem>-<width>w.<format>`), see modules/storage/image-variants. */
export interface ImageVariantSet {
  /** Widths in pixels, ascending; the largest is at most the original's width. */
  widths: number[];
  /** File extensions: avif, webp and the original's own format (jpg or png), every width in each. */
  formats: string[];
}

// Every uploaded file: who put it there, when, what it is and where it lives, so unused files can be found.
export const mediaAssets = pgTable(
  "media_assets",
  {
    id: uuidId(),
    kind: text("kind").notNull(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull().unique(),
    contentType: text("content_type").notNull(),
    size: cents("size").notNull(),
    originalName: text("original_name"),
    /** Pages of an ebook PDF, read with pdf.js when it was uploaded. */
    pageCount: integer("page_count"),
    /** An image's size in pixels (as displayed, after its EXIF orientation), so pages can reserve its box. */
    width: integer("width"),
    height: integer("height"),
    /** Responsive copies of an image; null for GIFs (kept as uploaded), animations, videos and PDFs. */
    variants: jsonb("variants").$type<ImageVariantSet>(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("media_assets_created_idx").on(t.createdAt),
    check("media_assets_kind", sql`${t.kind} in ('image', 'video', 'cover', 'pdf', 'epub')`),
    check("media_assets_bucket", sql`${t.bucket} in ('public', 'private')`),
    check("media_assets_size_positive", sql`${t.size} > 0`),
  ],
);
