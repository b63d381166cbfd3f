// Column shapes many tables share (issue 47 item 7): one definition each, spread or called in the tables. Each makes
// the same SQL as the column spelled out, so `npx drizzle-kit generate` finds no change. Not exported by index.ts:
// it holds no table. Columns that point at a table sit beside that table (accounts' `readerId`, content's `ebookOf`).
import { bigint, jsonb, timestamp, uuid } from "drizzle-orm/pg-core";

/** An instant: every time column of the shop keeps its zone (timestamp with time zone). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Money in integer minor units (ADR 008), read as a JavaScript number. */
export const cents = (name: string) => bigint(name, { mode: "number" });

/** A row id: a random UUID, made by the database. */
export const uuidId = () => uuid("id").primaryKey().defaultRandom();

/** When the row was made. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** When the row last changed (set by the code that changes it). */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** A list of strings (ids, feature lines) kept as JSON, empty by default. */
export const stringList = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);
