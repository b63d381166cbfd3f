import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { getFormProps, getInputProps } from "@conform-to/react";
import {
  categoryFormSchema,
  categorySlug,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
} from "~/modules/content/category-form";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { firstFormError, parseForm, useSchemaForm } from "~/lib/forms";
import { refusalOf } from "~/lib/action-result";
import { useRefusalToast } from "~/components/ui/refusal-toast";
import type { ToastMessage } from "~/components/ui/toast";

// The admin's create / edit dialog of a category (routes/admin/categories.tsx): conform with the category's schema
// (content/category-form.ts), checked in the browser and again by the action, which answers a taken address beside
// the name. The dialog opens from a button, so it needs JavaScript; the post itself is a plain form post.

export type EditingCategory = {
  id?: string;
  slug?: string;
  name: string;
  description: string;
  nameSw: string;
  descriptionSw: string;
  isActive: boolean;
};

const validationToast = (message: string): ToastMessage => ({ kind: "error", title: "Validation Error", message });

export function CategoryDialog({
  editing,
  onClose,
  onToast,
}: {
  editing: EditingCategory;
  onClose: (toast?: ToastMessage) => void;
  onToast: (toast: ToastMessage) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher();
  const refused = refusalOf(fetcher.data);
  const [form, fields] = useSchemaForm(categoryFormSchema, {
    id: "category",
    lastResult: refused?.form,
    // The create and update forms' fields (the schema is the action's union, keyed by intent).
    defaultValue: {
      name: editing.name,
      description: editing.description,
      nameSw: editing.nameSw,
      descriptionSw: editing.descriptionSw,
      isActive: editing.isActive,
    } as never,
  });
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  // The same toast object while the answer is the same: the effect runs again on every render of the page (onClose
  // is new each time), and a new object each time would set the page's toast without end.
  const refusedToast = useRefusalToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (!refusedToast) return onClose();
    onToast(refusedToast);
  }, [fetcher.state, fetcher.data, refusedToast, onClose, onToast]);

  const formProps = getFormProps(form);
  function submit(event: React.FormEvent<HTMLFormElement>) {
    // conform checks the form with the action's schema, shows each field's message and stops a refused post.
    formProps.onSubmit(event);
    if (event.defaultPrevented) {
      return onToast(validationToast(firstFormError(parseForm(new FormData(event.currentTarget), categoryFormSchema))));
    }
    // CASE: nothing changed -> close without asking the server (spec: 'No Changes').
    const posted = new FormData(event.currentTarget);
    if (
      editing.id &&
      String(posted.get("name") ?? "").trim() === editing.name &&
      String(posted.get("description") ?? "").trim() === editing.description &&
      String(posted.get("nameSw") ?? "").trim() === editing.nameSw &&
      String(posted.get("descriptionSw") ?? "").trim() === editing.descriptionSw &&
      posted.has("isActive") === editing.isActive
    ) {
      event.preventDefault();
      onClose({ kind: "success", title: "No Changes" });
    }
  }

  const slug = categorySlug(typeof fields.name.value === "string" ? fields.name.value : "");
  const { key: activeKey, ...active } = getInputProps(fields.isActive, { type: "checkbox" });
  return (
    <dialog
      ref={dialog}
      aria-labelledby="category-dialog-title"
      onClose={() => onClose()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 backdrop:bg-black/40"
    >
      <fetcher.Form method="post" {...formProps} onSubmit={submit} className="space-y-4 p-6">
        <h2 id="category-dialog-title" className="text-xl font-semibold text-gray-900">
          {editing.id ? "Edit Category" : "New Category"}
        </h2>
        <input type="hidden" name="intent" value={editing.id ? "update" : "create"} />
        {editing.id ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField
          meta={fields.name}
          label="Name"
          maxLength={CATEGORY_NAME_MAX}
          hint={
            <>
              Address: /category/{slug || "…"}
              {/* Renaming moves the address; the old one is kept as a redirect (ADR 025), which she should know. */}
              {editing.slug && slug && slug !== editing.slug
                ? `. Links to /category/${editing.slug} will lead here.`
                : null}
            </>
          }
        />
        <TextAreaField
          meta={fields.description}
          label={
            <>
              Description <span className="font-normal text-gray-600">(optional)</span>
            </>
          }
          rows={3}
          maxLength={CATEGORY_DESCRIPTION_MAX}
        />
        {/* Shown on the Swahili pages (ADR 048); left blank, those pages show the English words. */}
        <TextField
          meta={fields.nameSw}
          label={
            <>
              Name in Swahili <span className="font-normal text-gray-600">(optional)</span>
            </>
          }
          required={false}
          maxLength={CATEGORY_NAME_MAX}
        />
        <TextAreaField
          meta={fields.descriptionSw}
          label={
            <>
              Description in Swahili <span className="font-normal text-gray-600">(optional)</span>
            </>
          }
          rows={3}
          maxLength={CATEGORY_DESCRIPTION_MAX}
        />
        <label className="flex items-center gap-2 text-sm text-gray-900">
          <input key={activeKey} {...active} className="h-4 w-4" />
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
