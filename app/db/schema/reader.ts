import { index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  (t) => [index("ebook_access_logs_rate_idx").on(t.userId, t.ebookId, t.accessType, t.accessedAt)],
);
