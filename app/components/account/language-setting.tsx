import type { Locale } from "~/lib/locale";
import { useLocale, useT } from "~/lib/i18n/use-t";

/**
 * Her language in her account (issue 50, ADR 048): a plain form to POST /language, which saves it on her account
 * and in this browser's cookie; signing in elsewhere then remembers it too. Each language is named in itself.
 */
export function LanguageSetting({ current }: { current: Locale | null }) {
  const t = useT();
  const sw = useLocale() === "sw";
  return (
    <section
      aria-labelledby="language-title"
      className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
    >
      <h2 id="language-title" className="text-xl font-semibold text-gray-900">
        {sw ? (
          t("account.language.title")
        ) : (
          <>
            Language <span lang="sw">· Lugha</span>
          </>
        )}
      </h2>
      <form method="post" action="/language" className="mt-3 flex flex-wrap items-end gap-3">
        {/* From her Swahili account page: back to her account in the language she chooses (the English page's form is
            unchanged, and comes back to /account). */}
        {sw ? <input type="hidden" name="from" value="sw" /> : null}
        <div>
          <label htmlFor="account-language" className="block text-sm font-medium text-gray-800">
            {t("account.language.label")}
          </label>
          <select
            id="account-language"
            name="language"
            defaultValue={current ?? (sw ? "sw" : "en")}
            className="mt-1 block min-h-11 rounded-md border border-gray-300 bg-white px-3"
          >
            <option value="en" lang={sw ? "en" : undefined}>
              English
            </option>
            <option value="sw" lang="sw">
              Kiswahili
            </option>
          </select>
        </div>
        <button type="submit" className="btn min-h-11 px-5">
          {t("account.language.save")}
        </button>
      </form>
    </section>
  );
}
