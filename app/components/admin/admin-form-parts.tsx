import { useEffect } from "react";
import { Form, useBlocker, useNavigation } from "react-router";

// Pieces every admin editing screen shares.

export const checkboxRow = "flex min-h-11 items-center gap-2 text-sm font-medium text-gray-800";

/** Asks before leaving a form with unsaved changes: inside the shop (React Router) and when the tab closes. */
export function useUnsavedChangesWarning(dirty: boolean, saving: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have unsaved changes. Leave this page without saving them?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

/** Free, premium or subscription-only, posted as `accessType`. */
export function AccessTypeSelect({ id, defaultValue }: { id: string; defaultValue: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Access type
      </label>
      <select
        id={id}
        name="accessType"
        defaultValue={defaultValue}
        className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3"
      >
        <option value="free">Free</option>
        <option value="premium">Premium</option>
        <option value="subscription">Subscription only</option>
      </select>
    </div>
  );
}

/** The categories an item is filed under, as checkboxes named `categoryIds`. */
export function CategoryChoices({
  categories,
  checked,
  error,
}: {
  categories: { id: string; name: string }[];
  checked: readonly string[];
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">Categories</legend>
      <div className="mt-1 grid gap-x-4 sm:grid-cols-3">
        {categories.map((c) => (
          <label key={c.id} className={checkboxRow}>
            <input type="checkbox" name="categoryIds" value={c.id} defaultChecked={checked.includes(c.id)} />
            {c.name}
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

/** Delete with confirmation, posted to the list's own action (intent=delete). */
export function ConfirmDeleteForm({ id, title, what }: { id: string; title: string; what: string }) {
  const busy = useNavigation().formData?.get("id") === id;
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`Delete the ${what} "${title}"? This cannot be undone.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={`Delete ${title}`}
        disabled={busy}
        className="min-h-11 rounded-full border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50"
      >
        Delete
      </button>
    </Form>
  );
}
