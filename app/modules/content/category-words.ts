// A category's words in the page's language (issue 50, ADR 048). The editors may give a category a Swahili name and
// description; a Swahili page shows them, and where one is unset it shows the English words marked `lang="en"`, so a
// screen reader says them in English. Chosen here, once, so pages and cards only draw what they get.
import type { Locale } from "~/lib/locale";

export interface CategoryTexts {
  name: string;
  nameSw?: string | null;
  description?: string | null;
  descriptionSw?: string | null;
}

/** The words to draw; `nameLang`/`descriptionLang` only when they are in another language than the page's. */
export interface LocalizedCategory {
  name: string;
  nameLang?: "en";
  description: string | null;
  descriptionLang?: "en";
}

/** The name and description for a page in `locale`. An English page gets exactly the English words, unmarked. */
export function localizedCategory(row: CategoryTexts, locale: Locale): LocalizedCategory {
  const description = row.description ?? null;
  if (locale === "en") return { name: row.name, description };
  return {
    ...(row.nameSw ? { name: row.nameSw } : { name: row.name, nameLang: "en" }),
    ...(row.descriptionSw
      ? { description: row.descriptionSw }
      : { description, ...(description ? { descriptionLang: "en" as const } : {}) }),
  };
}

/** A card's chip: the name to show, with `lang` when it is the English name on a Swahili page. */
export function categoryChip(row: CategoryTexts, locale: Locale): { name: string; lang?: "en" } {
  const words = localizedCategory(row, locale);
  return words.nameLang ? { name: words.name, lang: words.nameLang } : { name: words.name };
}
