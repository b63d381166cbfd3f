import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { adminOf } from "~/modules/access/viewer.server";
import { changeRole, listUsersForAdmin, USER_ADMIN_ERRORS } from "~/modules/accounts/user-admin.server";
import { isAppError } from "~/lib/app-error";
import { refusal } from "~/lib/app-error.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { standingSummaries } from "~/modules/membership/member-standing.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { FilterBar, FilterSearch } from "~/components/admin/filter-bar";
import { AdminFrame } from "~/components/admin/admin-frame";
import { Pagination } from "~/components/content/pagination";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";

export function meta() {
  return [{ title: "Users | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

const roleSchema = z.object({ userId: z.string().min(1).max(100), role: z.enum(["guest", "subscriber", "admin"]) });
const ROLE_LABELS = { guest: "Guest", subscriber: "Subscriber", admin: "Admin" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const search = new URL(request.url).searchParams;
  const list = await listUsersForAdmin(viewer, { q: search.get("q") ?? "", page: Number(search.get("page") ?? 1) });
  // What each reader holds, in the words My Library and /pricing use ("Active · renewal off", never "cancelled").
  const plans = await standingSummaries(list.items.map((u) => u.id));
  return { ...list, plans };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, roleSchema);
  // CASE: a tampered or stale row -> the spec's words for an unknown user, not a form to correct.
  if (submission.status !== "success") return refuseForm(submission, { error: USER_ADMIN_ERRORS.ROLE_TARGET_UNKNOWN });
  try {
    await changeRole(viewer, submission.value);
  } catch (error) {
    // A refusal (4xx) does not reload the page's data, so its toast travels in the answer, not in the flash.
    if (isAppError(error)) return refusal(error);
    throw error;
  }
  const back = new URL(request.headers.get("referer") ?? "/admin/users", "http://x");
  throw await redirectWithToast(back.pathname === "/admin/users" ? `/admin/users${back.search}` : "/admin/users", {
    kind: "success",
    title: "Role Updated",
    message: `User role has been updated to ${submission.value.role}.`,
  });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageSize, q, plans } = loaderData;
  const toast = useRefusalToast(actionData);
  return (
    <AdminFrame title="Users">
      <FilterBar submitLabel="Search">
        <FilterSearch id="user-search" label="Search by e-mail or name" name="q" defaultValue={q} />
      </FilterBar>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {total === 1 ? "1 user" : `${total} users`}
        {q ? ` matching "${q}"` : ""}
      </p>
      {items.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-gray-50 p-6 text-center text-gray-700">No users found.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
          {items.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="admin-user">
              <div className="min-w-0">
                <p className="font-semibold text-gray-900">
                  {u.fullName || "No name"}{" "}
                  <span className="ml-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                    {ROLE_LABELS[u.role]}
                  </span>
                </p>
                <p className="text-sm break-all text-gray-700">{u.email}</p>
                {plans[u.id] ? (
                  <p className="text-sm text-gray-900" data-testid="admin-user-plan">
                    {plans[u.id]}
                  </p>
                ) : null}
                <p className="text-xs text-gray-600">Joined {new Date(u.createdAt).toLocaleDateString("en-GB")}</p>
              </div>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="userId" value={u.id} />
                <label htmlFor={`role-${u.id}`} className="sr-only">
                  Role for {u.email}
                </label>
                <select
                  id={`role-${u.id}`}
                  name="role"
                  defaultValue={u.role}
                  className="min-h-11 rounded-md border border-gray-300 px-2 text-sm"
                >
                  <option value="guest">Guest</option>
                  <option value="subscriber">Subscriber</option>
                  <option value="admin">Admin</option>
                </select>
                <button
                  type="submit"
                  aria-label={`Save role for ${u.email}`}
                  className="min-h-11 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white"
                >
                  Save
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={new URLSearchParams(q ? { q } : {})} />
      <RolePermissions />
      <LazyToast toast={toast} />
    </AdminFrame>
  );
}

/**
 * What each role may do, as the access policy decides it (modules/access/policy.ts): reading depends on a paid
 * plan or purchase, never on the role's name (decisions: "Role 'subscriber'"), so the card says so.
 */
function RolePermissions() {
  const roles = [
    {
      name: "Guest",
      can: "A signed-in reader: reads free articles and free ebooks, previews premium ones, bookmarks, comments and reviews, and can buy a plan or an ebook.",
    },
    {
      name: "Subscriber",
      can: "Set by the shop when a plan starts, for display and filtering. The same as Guest otherwise: premium articles and ebooks open only while she has an active paid plan or has bought the ebook, whatever her role.",
    },
    {
      name: "Admin",
      can: "Everything a reader can, plus every admin screen: content, orders and refunds, users and roles, the homepage, moderation and files. Reads all content without a plan.",
    },
  ];
  return (
    <section
      aria-labelledby="role-permissions"
      className="mt-8 rounded-2xl border border-rose-100 bg-white p-5 shadow-sm"
    >
      <h2 id="role-permissions" className="text-lg font-semibold text-gray-900">
        Role Permissions
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        {roles.map((r) => (
          <div key={r.name}>
            <dt className="font-semibold text-gray-900">{r.name}</dt>
            <dd className="text-gray-700">{r.can}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-gray-700">
        Changing a role never grants or takes away paid access: use a grant by hand on the reader&apos;s order for that.
      </p>
    </section>
  );
}
