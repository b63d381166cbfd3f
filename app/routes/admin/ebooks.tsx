import { idField } from "~/lib/ids";
import { AdminListHeader, EditDeleteActions } from "~/components/admin/admin-list-parts";
import { z } from "zod";
import type { Route } from "./+types/ebooks";
import { adminOf } from "~/modules/access/viewer.server";
import { listEbooksForAdmin, removeEbook } from "~/modules/content/ebook-admin.server";
import { CONTENT_ADMIN_ERRORS } from "~/modules/content/content-admin-errors";
import { isAppError } from "~/lib/app-error";
import { orErrorPage, refusal } from "~/lib/app-error.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AccessBadge } from "~/components/content/access-badge";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";

export function meta() {
  return [{ title: "Ebooks | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  return orErrorPage(async () => {
    const items = await listEbooksForAdmin(viewer);
    return { items };
  }, "ADMIN_EBOOKS_LOAD_FAILED");
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: idField("Unknown ebook") });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, deleteSchema);
  if (submission.status !== "success")
    return refuseForm(submission, { error: CONTENT_ADMIN_ERRORS.EBOOK_DELETE_UNKNOWN });
  let outcome: Awaited<ReturnType<typeof removeEbook>>;
  try {
    outcome = await removeEbook(viewer, submission.value.id);
  } catch (error) {
    if (isAppError(error)) return refusal(error);
    throw error;
  }
  return redirectWithToast(
    "/admin/ebooks",
    outcome === "deleted"
      ? { kind: "success", title: "Ebook Deleted" }
      : {
          kind: "success",
          title: "Ebook Unpublished",
          message: "Readers have bought this ebook, so it was unpublished instead of deleted. They keep access.",
        },
  );
}

export default function AdminEbooks({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  const toast = useRefusalToast(actionData);
  return (
    <AdminFrame title="Ebooks">
      <LazyToast toast={toast} />
      <AdminListHeader newTo="/admin/ebooks/new" newLabel="Add New Ebook" />
      {items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-gray-300 p-8 text-center">
          <h2 className="font-semibold text-gray-900">No Ebooks Yet</h2>
          <p className="mt-1 text-gray-700">Add your first ebook with its cover and PDF.</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((e) => (
            <li
              key={e.id}
              data-testid="admin-ebook"
              className="flex flex-col rounded-xl border border-gray-200 bg-white p-4"
            >
              {e.coverImageUrl ? (
                <img
                  src={e.coverImageUrl}
                  alt=""
                  width="300"
                  height="400"
                  className="aspect-[3/4] w-full rounded-md object-cover"
                />
              ) : (
                <div className="aspect-[3/4] w-full rounded-md bg-rose-50" aria-hidden="true" />
              )}
              <h2 className="mt-3 font-semibold text-gray-900">{e.title}</h2>
              {e.description ? <p className="mt-1 line-clamp-2 text-sm text-gray-700">{e.description}</p> : null}
              <div className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold">
                <span
                  className={`rounded-full px-2.5 py-0.5 ${e.published ? "bg-emerald-100 text-emerald-900" : "bg-gray-200 text-gray-800"}`}
                >
                  {e.published ? "Published" : "Draft"}
                </span>
                <AccessBadge accessType={e.accessType} />
                <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-gray-800">
                  {e.price === null ? "Subscription only" : `KES ${e.price}`}
                </span>
                {e.hasFile ? null : (
                  <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-amber-900">No PDF yet</span>
                )}
              </div>
              <p className="mt-2 text-xs text-gray-600">
                {e.categories.length ? e.categories.join(", ") : "Uncategorized"}
              </p>
              <EditDeleteActions
                className="mt-auto flex gap-2 pt-3"
                editTo={`/admin/ebooks/${e.id}`}
                id={e.id}
                title={e.title}
                what="ebook"
              />
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}
