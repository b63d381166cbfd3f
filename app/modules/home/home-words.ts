// The hero slides' and the featured ad's words in the page's language (issue 50, ADR 048), chosen once here so the
// components draw what they are given. An admin writes them in English and, optionally, in Swahili (the *_sw
// columns); a Swahili page shows each Swahili word she set and the English of each she left empty, marked
// lang="en" so a screen reader says it in English. Their shop links go to the Swahili pages where those exist.
// English pages get the English words and links exactly as saved. Pure: the home page's data layer calls it.
import { DEFAULT_LOCALE, localizedHref, type Locale } from "~/lib/locale";

/** The words of a slide or the ad that have a Swahili twin. */
export type HomeWordField = "title" | "subtitle" | "headline" | "subtext" | "primaryButtonText" | "secondaryButtonText";

/** What a component needs to mark a word: the fields shown in English on a Swahili page (absent on English pages). */
export interface HomeWordsLanguage {
  inEnglish?: HomeWordField[];
}

/** The lang attribute of `field`'s element: "en" where a Swahili page shows its English, else none (the page's). */
export function langOf(item: HomeWordsLanguage, field: HomeWordField): "en" | undefined {
  return item.inEnglish?.includes(field) ? "en" : undefined;
}

type Words<F extends HomeWordField> = { [K in F]: string | null } & { [K in F as `${K}Sw`]: string | null };

/** `row`'s words in `locale`, and which of them fell back to the English. */
function chooseWords<F extends HomeWordField>(row: Words<F>, fields: readonly F[], locale: Locale) {
  const words = {} as { [K in F]: string | null };
  const inEnglish: HomeWordField[] = [];
  for (const field of fields) {
    const english = row[field];
    const swahili = locale === DEFAULT_LOCALE ? null : (row[`${field}Sw` as keyof Words<F>] as string | null);
    words[field] = swahili || english;
    if (!swahili && english) inEnglish.push(field);
  }
  return { words, inEnglish: locale === DEFAULT_LOCALE ? undefined : inEnglish };
}

const link = (href: string | null, locale: Locale) =>
  href && locale !== DEFAULT_LOCALE ? localizedHref(href, locale) : href;

interface Buttons {
  primaryButtonLink: string | null;
  secondaryButtonLink: string | null;
}

interface SlideRow extends Buttons, Words<"title" | "subtitle" | "primaryButtonText" | "secondaryButtonText"> {
  title: string;
  imageUrl: string | null;
}

/** A hero slide as the home page draws it in `locale`. */
export function slideIn(row: SlideRow, locale: Locale) {
  const { words, inEnglish } = chooseWords(
    row,
    ["title", "subtitle", "primaryButtonText", "secondaryButtonText"],
    locale,
  );
  return {
    title: words.title ?? row.title,
    subtitle: words.subtitle,
    imageUrl: row.imageUrl,
    primaryButtonText: words.primaryButtonText,
    primaryButtonLink: link(row.primaryButtonLink, locale),
    secondaryButtonText: words.secondaryButtonText,
    secondaryButtonLink: link(row.secondaryButtonLink, locale),
    // Only on a Swahili page: English pages' data stays as it was.
    ...(inEnglish ? { inEnglish } : {}),
  };
}

interface AdRow extends Buttons, Words<"headline" | "subtext" | "primaryButtonText" | "secondaryButtonText"> {
  headline: string;
  coverImageUrl: string | null;
}

/** The featured ad's words and links as the home page draws them in `locale`. */
export function adIn(row: AdRow, locale: Locale) {
  const { words, inEnglish } = chooseWords(
    row,
    ["headline", "subtext", "primaryButtonText", "secondaryButtonText"],
    locale,
  );
  return {
    coverImageUrl: row.coverImageUrl,
    headline: words.headline ?? row.headline,
    subtext: words.subtext,
    primaryButtonText: words.primaryButtonText,
    primaryButtonLink: link(row.primaryButtonLink, locale),
    secondaryButtonText: words.secondaryButtonText,
    secondaryButtonLink: link(row.secondaryButtonLink, locale),
    ...(inEnglish ? { inEnglish } : {}),
  };
}
