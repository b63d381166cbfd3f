// The language a mail is written in (issue 50, ADR 048): a reader's saved `users.language` as read with the mail's
// own facts (each domain selects it with its row), English when she has none.
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/locale";

export const mailLocaleOf = (saved: unknown): Locale => (isLocale(saved) ? saved : DEFAULT_LOCALE);
