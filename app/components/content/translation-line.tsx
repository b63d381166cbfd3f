import { Link } from "react-router";
import type { Locale } from "~/lib/locale";

/**
 * One line to the same article or ebook in the other language (issue 50, ADR 048): in the page's language, to the
 * translation's page in its own language.
 */
export function TranslationLine({
  translation,
  children,
}: {
  translation: { language: Locale; href: string };
  children: string;
}) {
  return (
    <p className="mt-2 text-sm">
      <Link to={translation.href} hrefLang={translation.language} className="font-medium text-brand-700 underline">
        {children}
      </Link>
    </p>
  );
}
