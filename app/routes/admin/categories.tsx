import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/categories";
import { adminOf } from "~/modules/access/viewer.server";
import { deleteCategory, listCategoriesForAdmin, saveCategory } from "~/modules/content/category-admin.server";
import {
  categoryFormSchema,
  categorySlug,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
} from "~/modules/content/category-form";
import { readForm } from "~/lib/read-form.server";
import { APP_ERRORS, AppError } from "~/lib/app-error";
import { setFlash, type Flash } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { LazyToast } from "~/components/ui/lazy-toast";
import type { ToastMessage } from "~/components/ui/toast";

export function meta() {
  return [{ title: "Categories | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const categories = await listCategoriesForAdmin(viewer);
  return { categories };
}

type ActionResult =
  { ok: true } | { ok: false; fieldErrors: Record<string, string[] | undefined>; toast: ToastMessage };

// Successes revalidate the page, so the shell shows them from the flash; refusals (4xx) do not revalidate, so
// they carry their toast in the answer.
async function answer(result: ActionResult, flash: Flash | null, status = 200) {
  return data(result, { status, headers: flash ? await setFlash(new Headers(), flash) : undefined });
}

const refusal = (fieldErrors: Record<string, string[] | undefined>, title: string, message: string, status: number) =>
  answer({ ok: false, fieldErrors, toast: { kind: "error", title, message } }, null, status);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const parsed = categoryFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const fieldErrors = parsed.error.flatten().fieldErrors as Record<string, string[] | undefined>;
    const message = Object.values(fieldErrors).flat()[0] ?? "Please check the form.";
    return refusal(fieldErrors, "Validation Error", message, 400);
  }
  const command = parsed.data;
  if (command.intent === "delete") {
    const outcome = await deleteCategory(viewer, command.id);
    if (outcome.ok) return answer({ ok: true }, { kind: "success", title: "Category Deleted" });
    if (outcome.reason === "in-use") {
      const { title, message } = new AppError("CATEGORY_IN_USE").payload;
      return refusal({}, title, message, APP_ERRORS.CATEGORY_IN_USE.status);
    }
    return refusal({}, "Error Deleting Category", "This category no longer exists.", 404);
  }
  const outcome = await saveCategory(viewer, {
    id: command.intent === "update" ? command.id : undefined,
    name: command.name,
    description: command.description,
    isActive: command.isActive,
  });
  if (outcome.ok) {
    const title = { created: "Category Created", updated: "Category Updated", unchanged: "No Changes", deleted: "" }[
      outcome.change
    ];
    return answer({ ok: true }, { kind: "success", title });
  }
  const message =
    outcome.reason === "slug-taken"
      ? `A category with the address /category/${categorySlug(command.name)} already exists. Choose another name.`
      : "This category no longer exists.";
  return refusal(
    outcome.reason === "slug-taken" ? { name: [message] } : {},
    command.intent === "create" ? "Error Creating Category" : "Error Updating Category",
    message,
    409,
  );
}

type Editing = { id?: string; slug?: string; name: string; description: string; isActive: boolean };

function CategoryDialog({
  editing,
  onClose,
  onToast,
}: {
  editing: Editing;
  onClose: (toast?: ToastMessage) => void;
  onToast: (toast: ToastMessage) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ActionResult>();
  const [name, setName] = useState(editing.name);
  const [description, setDescription] = useState(editing.description);
  const [isActive, setIsActive] = useState(editing.isActive);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) return onClose();
    setErrors(fetcher.data.fieldErrors);
    onToast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data, onClose, onToast]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = categoryFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const fieldErrors = parsed.error.flatten().fieldErrors as Record<string, string[] | undefined>;
      setErrors(fieldErrors);
      onToast({ kind: "error", title: "Validation Error", message: Object.values(fieldErrors).flat()[0] });
      return;
    }
    // CASE: nothing changed -> close without asking the server (spec: 'No Changes').
    if (
      editing.id &&
      name.trim() === editing.name &&
      description.trim() === editing.description &&
      isActive === editing.isActive
    )
      return onClose({ kind: "success", title: "No Changes" });
    void fetcher.submit(form, { method: "post" });
  }

  const nameError = errors.name?.[0];
  const descriptionError = errors.description?.[0];
  const slug = categorySlug(name);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="category-dialog-title"
      onClose={() => onClose()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 backdrop:bg-black/40"
    >
      <fetcher.Form method="post" onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id="category-dialog-title" className="text-xl font-semibold text-gray-900">
          {editing.id ? "Edit Category" : "New Category"}
        </h2>
        <input type="hidden" name="intent" value={editing.id ? "update" : "create"} />
        {editing.id ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div>
          <label htmlFor="category-name" className="block text-sm font-medium text-gray-900">
            Name
          </label>
          <input
            id="category-name"
            name="name"
            value={name}
            maxLength={CATEGORY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "category-name-error category-slug" : "category-slug"}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
          />
          {nameError ? (
            <p id="category-name-error" className="mt-1 text-sm text-red-700">
              {nameError}
            </p>
          ) : null}
          <p id="category-slug" className="mt-1 text-sm text-gray-700">
            Address: /category/{slug || "…"}
            {/* Renaming moves the address; the old one is kept as a redirect (ADR 025), which she should know. */}
            {editing.slug && slug && slug !== editing.slug
              ? `. Links to /category/${editing.slug} will lead here.`
              : null}
          </p>
        </div>
        <div>
          <label htmlFor="category-description" className="block text-sm font-medium text-gray-900">
            Description <span className="font-normal text-gray-600">(optional)</span>
          </label>
          <textarea
            id="category-description"
            name="description"
            rows={3}
            value={description}
            maxLength={CATEGORY_DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? "category-description-error" : undefined}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
          />
          {descriptionError ? (
            <p id="category-description-error" className="mt-1 text-sm text-red-700">
              {descriptionError}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            name="isActive"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
            className="h-4 w-4"
          />
          Shown on the site
        </label>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={() => onClose()}
            className="min-h-11 rounded-full border border-gray-300 px-5 font-semibold text-gray-900"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {busy ? "Saving..." : "Save Category"}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}

function DeleteCategory({
  id,
  name,
  onToast,
}: {
  id: string;
  name: string;
  onToast: (toast: ToastMessage | null) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) onToast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data, onToast]);
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
  const [editing, setEditing] = useState<Editing | null>(null);
  // Without script the form posts the page itself, and a refusal comes back as its action data.
  const [toast, setToast] = useState<ToastMessage | null>(actionData && !actionData.ok ? actionData.toast : null);
  const open = (next: Editing) => {
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
        onClick={() => open({ name: "", description: "", isActive: true })}
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
                  open({ id: c.id, slug: c.slug, name: c.name, description: c.description ?? "", isActive: c.isActive })
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
