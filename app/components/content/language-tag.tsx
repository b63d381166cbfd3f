import { useLocale, useT } from "~/lib/i18n/use-t";

/**
 * A small mark on a card written in another language than the page's (issue 50, ADR 048): "English" on a Swahili
 * page, "Kiswahili" on an English one, each language named in itself as the footer's switch names it. Nothing when
 * the card is in the page's language. `language` is absent for English (card-data.ts).
 */
export function LanguageTag({ language = "en" }: { language?: string }) {
  const locale = useLocale();
  const t = useT();
  if (language === locale) return null;
  return (
    <span className="chip" lang={language}>
      {language === "sw" ? t("shell.switchTo.sw") : t("shell.switchTo.en")}
    </span>
  );
}
