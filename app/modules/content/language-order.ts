// Lists in the reader's language first (issue 50, ADR 048): on a Swahili page the Swahili articles and ebooks come
// first and the others after them, on an English page the reverse; within each, the list's own order (newest first).
import { sql, type SQL, type AnyColumn } from "drizzle-orm";
import type { Locale } from "~/lib/locale";

/** ORDER BY term: rows in `locale` before the rest. */
export function inLanguageFirst(column: AnyColumn, locale: Locale): SQL {
  return sql`(${column} = ${locale}) desc`;
}
