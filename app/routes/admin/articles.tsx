import { idField } from "~/lib/ids";
import { AdminListHeader, EditDeleteActions } from "~/components/admin/admin-list-parts";
import { z } from "zod";
import type { Route } from "./+types/articles";
import { adminOf } from "~/modules/access/viewer.server";
import { categoryChoices, deleteArticle, listArticlesForAdmin } from "~/modules/content/article-admin.server";
import { CONTENT_ADMIN_ERRORS } from "~/modules/content/content-admin-errors";
import { isAppError } from "~/lib/app-error";
import { orErrorPage, refusal } from "~/lib/app-error.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { formatDate } from "~/lib/format";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AccessBadge } from "~/components/content/access-badge";
import { Pagination } from "~/components/content/pagination";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";

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
  if (submission.status !== "success")
    return refuseForm(submission, { error: CONTENT_ADMIN_ERRORS.ARTICLE_DELETE_UNKNOWN });
  try {
    await deleteArticle(viewer, submission.value.id);
  } catch (error) {
    if (isAppError(error)) return refusal(error);
    throw error;
  }
  const back = new URL(request.headers.get("referer") ?? "/admin/articles", "http://x");
  return redirectWithToast(back.pathname === "/admin/articles" ? `/admin/articles${back.search}` : "/admin/articles", {
    kind: "success",
    title: "Article Deleted",
  });
}

function Filters({
  filters,
  categories,
}: {
  filters: ReturnType<typeof filtersOf>;
  categories: { id: string; name: string }[];
}) {
  const all = { value: "all", label: "All" };
  return (
    <FilterBar>
      <FilterSearch id="article-search" label="Search titles" name="q" defaultValue={filters.q} />
      <FilterSelect
        id="article-status"
        label="Status"
        name="status"
        defaultValue={filters.status}
        options={[all, { value: "published", label: "Published" }, { value: "draft", label: "Draft" }]}
      />
      <FilterSelect
        id="article-access"
        label="Access"
        name="access"
        defaultValue={filters.access}
        options={[
          all,
          { value: "free", label: "Free" },
          { value: "premium", label: "Premium" },
          { value: "subscription", label: "Subscription" },
        ]}
      />
      <FilterSelect
        id="article-category"
        label="Category"
        name="category"
        defaultValue={filters.category}
        options={[{ value: "", label: "All" }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
      />
    </FilterBar>
  );
}

const badge = "rounded-full px-2.5 py-0.5 text-xs font-semibold";

export default function AdminArticles({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageSize, filters, categories } = loaderData;
  const toast = useRefusalToast(actionData);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (key !== "page" && value && value !== "all") search.set(key, String(value));
  const filtered = search.size > 0;
  return (
    <AdminFrame title="Articles">
      <LazyToast toast={toast} />
      <AdminListHeader newTo="/admin/articles/new" newLabel="New Article" />
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
              <EditDeleteActions
                className="flex gap-2"
                editTo={`/admin/articles/${a.id}`}
                id={a.id}
                title={a.title}
                what="article"
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={search} />
    </AdminFrame>
  );
}
