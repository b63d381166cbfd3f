import { Form, useSubmit } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/** A GET form: the query and filter live in the URL. Works without JavaScript. */
export function SearchFilter({ q, access, label }: { q: string; access: string; label: string }) {
  const submit = useSubmit();
  const t = useT();
  const options = [
    { value: "all", label: t("list.access.all") },
    { value: "free", label: t("list.access.free") },
    { value: "premium", label: t("list.access.premium") },
    { value: "subscription", label: t("list.access.subscription") },
  ];
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-col gap-3 sm:flex-row"
      onChange={(e) => {
        if ((e.target as HTMLElement).tagName === "SELECT") submit(e.currentTarget, { replace: false });
      }}
    >
      <label htmlFor="search-q" className="sr-only">
        {label}
      </label>
      <input
        id="search-q"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder={label}
        className="flex-1 rounded-full border border-gray-300 px-4 py-2.5 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <label htmlFor="search-access" className="sr-only">
        {t("list.access")}
      </label>
      <select
        id="search-access"
        name="access"
        defaultValue={access}
        className="rounded-full border border-gray-300 px-4 py-2.5"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        {t("list.search")}
      </button>
    </Form>
  );
}

export function parseListParams(url: URL) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const accessParam = url.searchParams.get("access");
  const access =
    accessParam === "free" || accessParam === "premium" || accessParam === "subscription" ? accessParam : "all";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return { q, access, page } as const;
}

/** What a list page hands back to its search form and pagination: the query and filter it was asked for. */
export function listQuery({ q, access }: ReturnType<typeof parseListParams>) {
  return { q, access };
}

/** The list's query and filter as its pagination links keep them (the default filter left out). */
export function listSearch(q: string, access: string): URLSearchParams {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (access !== "all") search.set("access", access);
  return search;
}
