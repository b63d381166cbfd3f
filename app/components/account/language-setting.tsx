import type { Locale } from "~/lib/locale";

/**
 * Her language in her account (issue 50, ADR 048): a plain form to POST /language, which saves it on her account
 * and in this browser's cookie; signing in elsewhere then remembers it too. Each language is named in itself.
 */
export function LanguageSetting({ current }: { current: Locale | null }) {
  return (
    <section
      aria-labelledby="language-title"
      className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
    >
      <h2 id="language-title" className="text-xl font-semibold text-gray-900">
        Language <span lang="sw">· Lugha</span>
      </h2>
      <form method="post" action="/language" className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="account-language" className="block text-sm font-medium text-gray-800">
            The shop&apos;s language for you
          </label>
          <select
            id="account-language"
            name="language"
            defaultValue={current ?? "en"}
            className="mt-1 block min-h-11 rounded-md border border-gray-300 bg-white px-3"
          >
            <option value="en">English</option>
            <option value="sw" lang="sw">
              Kiswahili
            </option>
          </select>
        </div>
        <button type="submit" className="btn min-h-11 px-5">
          Save language
        </button>
      </form>
    </section>
  );
}
