import { Link } from "react-router";
import { useT } from "~/lib/i18n/use-t";

/**
 * A paged list's own address, for its canonical link: page 2 onwards keeps its page parameter, so search engines
 * index each page rather than folding them all into page 1 (issue 46); page 1 has none. Here beside the links, not
 * in site/meta.ts: that sits in the common client chunk every page loads, and only the paged lists need this.
 */
export function pagedPath(path: string, page: number | undefined): string {
  return page && page > 1 ? `${path}?page=${page}` : path;
}

/** Previous / next links that keep the other search parameters (shareable URLs, back button works). */
export function Pagination({
  page,
  pageSize,
  total,
  search,
}: {
  page: number;
  pageSize: number;
  total: number;
  search: URLSearchParams;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const next = new URLSearchParams(search);
    if (p <= 1) next.delete("page");
    else next.set("page", String(p));
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
  return (
    <nav aria-label={t("list.pagination")} className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          rel="prev"
          className="rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-rose-50"
        >
          {t("list.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-gray-700">{t("list.pageOf", { page: String(page), pages: String(pages) })}</span>
      {page < pages ? (
        <Link
          to={href(page + 1)}
          rel="next"
          className="rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-rose-50"
        >
          {t("list.next")}
        </Link>
      ) : null}
    </nav>
  );
}
