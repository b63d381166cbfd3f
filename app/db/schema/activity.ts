import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, uuidId } from "./columns";

/** One field's value before and after an admin change. */
export type FieldChange = { before: unknown; after: unknown };

// Every admin change: who, what, when, and the edited fields before and after (/admin/activity).
export const adminActivity = pgTable(
  "admin_activity",
  {
    id: uuidId(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** What the change was about, in words an admin recognises (a title, a name, an e-mail). */
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<Record<string, FieldChange>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_activity_created_idx").on(t.createdAt),
    index("admin_activity_entity_idx").on(t.entityType, t.createdAt),
  ],
);
