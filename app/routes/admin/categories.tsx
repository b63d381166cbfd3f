import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/categories";
import { adminOf } from "~/modules/access/viewer.server";
import {
  CATEGORY_ERRORS,
  deleteCategory,
  listCategoriesForAdmin,
  saveCategory,
} from "~/modules/content/category-admin.server";
import { categoryFormSchema } from "~/modules/content/category-form";
import { isAppError } from "~/lib/app-error";
import { refusal } from "~/lib/app-error.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { setFlash } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { CategoryDialog, type EditingCategory } from "~/components/admin/category-dialog";
import { LazyToast } from "~/components/ui/lazy-toast";
import { refusalToast, useRefusalToast } from "~/components/ui/refusal-toast";
import type { ToastMessage } from "~/components/ui/toast";

export function meta() {
  return [{ title: "Categories | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const categories = await listCategoriesForAdmin(viewer);
  return { categories };
}

// A success revalidates the page, so the shell shows its toast from the flash; a refusal (4xx) does not revalidate,
// so it carries its toast (and, for the dialog, the field errors) in the answer.
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, categoryFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  const command = submission.value;
  try {
    if (command.intent === "delete") {
      await deleteCategory(viewer, command.id);
      return data({ ok: true } as const, { headers: await setFlash(new Headers(), successToast("deleted")) });
    }
    const { change } = await saveCategory(viewer, {
      id: command.intent === "update" ? command.id : undefined,
      name: command.name,
      description: command.description,
      nameSw: command.nameSw,
      descriptionSw: command.descriptionSw,
      isActive: command.isActive,
    });
    return data({ ok: true } as const, { headers: await setFlash(new Headers(), successToast(change)) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // CASE: the name's address is taken -> the message also stands under the name field.
    const taken =
      isAppError(error, CATEGORY_ERRORS.CATEGORY_CREATE_SLUG_TAKEN) ||
      isAppError(error, CATEGORY_ERRORS.CATEGORY_UPDATE_SLUG_TAKEN);
    return taken ? refuseForm(submission, { error, fieldErrors: { name: [error.message] } }) : refusal(error);
  }
}

const successToast = (change: "created" | "updated" | "unchanged" | "deleted"): ToastMessage => ({
  kind: "success",
  title: {
    created: "Category Created",
    updated: "Category Updated",
    unchanged: "No Changes",
    deleted: "Category Deleted",
  }[change],
});

function DeleteCategory({
  id,
  name,
  onToast,
}: {
  id: string;
  name: string;
  onToast: (toast: ToastMessage | null) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const refusedToast = useRefusalToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && refusedToast) onToast(refusedToast);
  }, [fetcher.state, refusedToast, onToast]);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`Delete the category "${name}"? This cannot be undone.`)) event.preventDefault();
        else onToast(null);
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={`Delete ${name}`}
        disabled={fetcher.state !== "idle"}
        className="min-h-11 rounded-full border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50"
      >
        Delete
      </button>
    </fetcher.Form>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<EditingCategory | null>(null);
  // Without script the form posts the page itself, and a refusal comes back as its action data.
  const [toast, setToast] = useState<ToastMessage | null>(refusalToast(actionData));
  const open = (next: EditingCategory) => {
    setToast(null);
    setEditing(next);
  };
  const close = (message?: ToastMessage) => {
    setEditing(null);
    // After a save the shell shows the server's toast; an older one of this page would cover it.
    setToast(message ?? null);
  };
  return (
    <AdminFrame title="Categories">
      <button
        type="button"
        onClick={() => open({ name: "", description: "", nameSw: "", descriptionSw: "", isActive: true })}
        className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        New Category
      </button>
      <ul className="mt-6 divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
        {loaderData.categories.map((c) => (
          <li key={c.id} data-testid="admin-category" className="flex flex-wrap items-start justify-between gap-3 p-4">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-gray-900">
                {c.name}{" "}
                {c.isActive ? null : (
                  <span className="ml-1 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
                    Hidden
                  </span>
                )}
              </p>
              <p className="text-sm text-gray-700">/category/{c.slug}</p>
              {c.description ? <p className="mt-1 text-sm text-gray-800">{c.description}</p> : null}
              <p className="mt-1 text-xs text-gray-600">
                {c.articleCount} articles · {c.ebookCount} ebooks
              </p>
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                aria-label={`Edit ${c.name}`}
                onClick={() =>
                  open({
                    id: c.id,
                    slug: c.slug,
                    name: c.name,
                    description: c.description ?? "",
                    nameSw: c.nameSw ?? "",
                    descriptionSw: c.descriptionSw ?? "",
                    isActive: c.isActive,
                  })
                }
                className="min-h-11 rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-rose-50"
              >
                Edit
              </button>
              <DeleteCategory id={c.id} name={c.name} onToast={setToast} />
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <CategoryDialog key={editing.id ?? "new"} editing={editing} onClose={close} onToast={setToast} />
      ) : null}
      <LazyToast toast={toast} />
    </AdminFrame>
  );
}
