import { data, Form, Link } from "react-router";
import { idField } from "~/lib/ids";
import { ConfirmDeleteForm } from "~/components/admin/admin-form-parts";
import { z } from "zod";
import type { Route } from "./+types/articles";
import { adminOf } from "~/modules/access/viewer.server";
import { categoryChoices, deleteArticle, listArticlesForAdmin } from "~/modules/content/article-admin.server";
import { orErrorPage } from "~/lib/app-error.server";
import { readSubmission } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { formatDate } from "~/lib/format";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AccessBadge } from "~/components/content/access-badge";
import { Pagination } from "~/components/content/pagination";
import { LazyToast } from "~/components/ui/lazy-toast";

export function meta() {
  return [{ title: "Articles | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

const STATUSES = ["all", "published", "draft"] as const;
const ACCESS = ["all", "free", "premium", "subscription"] as const;

function filtersOf(url: URL) {
  const pick = <T extends readonly string[]>(values: T, raw: string | null): T[number] =>
    values.includes(raw ?? "") ? (raw as T[number]) : values[0];
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    status: pick(STATUSES, url.searchParams.get("status")),
    access: pick(ACCESS, url.searchParams.get("access")),
    category: url.searchParams.get("category") ?? "",
    page: Number(url.searchParams.get("page") ?? 1) || 1,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const filters = filtersOf(new URL(request.url));
  return orErrorPage(async () => {
    const [list, choices] = await Promise.all([listArticlesForAdmin(viewer, filters), categoryChoices(viewer)]);
    return { ...list, filters, categories: choices };
  }, "ADMIN_ARTICLES_LOAD_FAILED");
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: idField("Unknown article") });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, deleteSchema);
  const failed = (message: string, status: number) =>
    data(
      { toast: { kind: "error", title: "Error", message: `Failed to delete article: ${message}` } as const },
      { status },
    );
  if (submission.status !== "success") return failed("unknown article", 400);
  if (!(await deleteArticle(viewer, submission.value.id))) return failed("it was already deleted", 404);
  const back = new URL(request.headers.get("referer") ?? "/admin/articles", "http://x");
  return redirectWithToast(back.pathname === "/admin/articles" ? `/admin/articles${back.search}` : "/admin/articles", {
    kind: "success",
    title: "Article Deleted",
  });
}

const selectClass = "mt-1 block min-h-11 rounded-md border border-gray-300 bg-white px-3 text-sm";

function Filters({
  filters,
  categories,
}: {
  filters: ReturnType<typeof filtersOf>;
  categories: { id: string; name: string }[];
}) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <label htmlFor="article-search" className="block text-sm font-medium text-gray-900">
          Search titles
        </label>
        <input
          id="article-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={100}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 px-3"
        />
      </div>
      <div>
        <label htmlFor="article-status" className="block text-sm font-medium text-gray-900">
          Status
        </label>
        <select id="article-status" name="status" defaultValue={filters.status} className={selectClass}>
          <option value="all">All</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </select>
      </div>
      <div>
        <label htmlFor="article-access" className="block text-sm font-medium text-gray-900">
          Access
        </label>
        <select id="article-access" name="access" defaultValue={filters.access} className={selectClass}>
          <option value="all">All</option>
          <option value="free">Free</option>
          <option value="premium">Premium</option>
          <option value="subscription">Subscription</option>
        </select>
      </div>
      <div>
        <label htmlFor="article-category" className="block text-sm font-medium text-gray-900">
          Category
        </label>
        <select id="article-category" name="category" defaultValue={filters.category} className={selectClass}>
          <option value="">All</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="min-h-11 rounded-full bg-gray-900 px-5 text-sm font-semibold text-white">
        Filter
      </button>
    </Form>
  );
}

const badge = "rounded-full px-2.5 py-0.5 text-xs font-semibold";

export default function AdminArticles({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageSize, filters, categories } = loaderData;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (key !== "page" && value && value !== "all") search.set(key, String(value));
  const filtered = search.size > 0;
  return (
    <AdminFrame title="Articles">
      <LazyToast toast={actionData?.toast ?? null} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/admin" className="text-sm font-medium text-brand-700 hover:underline">
          Back to Dashboard
        </Link>
        <Link
          to="/admin/articles/new"
          className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          New Article
        </Link>
      </div>
      <div className="mt-4">
        <Filters filters={filters} categories={categories} />
      </div>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {total} {total === 1 ? "article" : "articles"}
        {filtered ? " match" : ""}
      </p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-700">
          {filtered ? "No articles match these filters." : "No articles found. Create your first article!"}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {items.map((a) => (
            <li key={a.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
              {a.imageUrl ? (
                <img
                  src={a.imageUrl}
                  alt=""
                  width="96"
                  height="64"
                  className="h-16 w-24 shrink-0 rounded-md object-cover"
                />
              ) : (
                <div className="h-16 w-24 shrink-0 rounded-md bg-rose-50" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold text-gray-900">{a.title}</h2>
                {a.excerpt ? <p className="mt-1 line-clamp-2 text-sm text-gray-700">{a.excerpt}</p> : null}
                <div className="mt-2 flex flex-wrap items-center gap-1.5">
                  <AccessBadge accessType={a.accessType} />
                  <span
                    className={`${badge} ${a.published ? "bg-emerald-100 text-emerald-900" : "bg-gray-200 text-gray-800"}`}
                  >
                    {a.published ? "Published (Live)" : "Draft"}
                  </span>
                  {a.isFeatured ? <span className={`${badge} bg-amber-100 text-amber-900`}>Featured</span> : null}
                  {a.isMustRead ? <span className={`${badge} bg-violet-100 text-violet-900`}>Must Read</span> : null}
                  {a.categories.map((c) => (
                    <span key={c.id} className={`${badge} bg-rose-50 text-rose-900`}>
                      {c.name}
                    </span>
                  ))}
                  {a.tags.map((t) => (
                    <span key={t} className={`${badge} bg-gray-100 text-gray-700`}>
                      #{t}
                    </span>
                  ))}
                </div>
                <p className="mt-2 text-xs text-gray-600">Created {formatDate(a.createdAt)}</p>
              </div>
              <div className="flex gap-2">
                <Link
                  to={`/admin/articles/${a.id}`}
                  aria-label={`Edit ${a.title}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-rose-50"
                >
                  Edit
                </Link>
                <ConfirmDeleteForm id={a.id} title={a.title} what="article" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={search} />
    </AdminFrame>
  );
}
