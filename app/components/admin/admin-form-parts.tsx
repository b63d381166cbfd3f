import { useEffect, type ReactNode } from "react";
import { Form, Link, useBlocker, useNavigation } from "react-router";
import { getFormProps, type FormMetadata } from "@conform-to/react";

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

/**
 * An editing screen's form: the way back to its list, then the card that posts `intent=save` with the version the
 * editor opened (so a save over someone else's is refused) and the refusal that names no field. Typing marks it dirty;
 * a submit that goes through clears it.
 */
export function AdminEditorForm<Schema extends Record<string, unknown>>({
  form,
  backTo,
  backLabel,
  openedVersion,
  setDirty,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  backTo: string;
  backLabel: string;
  openedVersion: string | undefined;
  setDirty: (dirty: boolean) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Link to={backTo} className="text-sm font-medium text-brand-700 hover:underline">
        {backLabel}
      </Link>
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={() => setDirty(true)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented) setDirty(false);
        }}
        className="mt-4 space-y-5 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6"
      >
        <input type="hidden" name="intent" value="save" />
        {openedVersion !== undefined ? <input type="hidden" name="openedVersion" value={openedVersion} /> : null}
        {form.errors?.length ? (
          <p role="alert" className="rounded-md bg-red-700 p-3 text-sm text-white">
            {form.errors[0]}
          </p>
        ) : null}
        {children}
      </Form>
    </>
  );
}

/** The language an article or ebook is written in, posted as `language` (issue 50). */
export function LanguageSelect({
  id,
  defaultValue,
  onChange,
}: {
  id: string;
  defaultValue: string;
  onChange?: (language: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Language
      </label>
      <select
        id={id}
        name="language"
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3"
      >
        <option value="en">English</option>
        <option value="sw">Kiswahili</option>
      </select>
    </div>
  );
}

/**
 * The same piece in the other language, posted as `translationId` (issue 50): the choices written in another language
 * than `language` (the Language select's current value), or none. Saving links both ways; none unlinks both.
 */
export function TranslationSelect({
  id,
  language,
  defaultValue,
  choices,
}: {
  id: string;
  language: string;
  defaultValue: string;
  choices: readonly { id: string; title: string; language: string; published: boolean }[];
}) {
  const shown = choices.filter((c) => c.language !== language);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Translation
      </label>
      <select
        // A new list when the language changes: the choice made for the other language does not carry over.
        key={language}
        id={id}
        name="translationId"
        defaultValue={shown.some((c) => c.id === defaultValue) ? defaultValue : ""}
        aria-describedby={`${id}-hint`}
        className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3"
      >
        <option value="">None</option>
        {shown.map((c) => (
          <option key={c.id} value={c.id}>
            {c.published ? c.title : `${c.title} (draft)`}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
        The same text in {language === "sw" ? "English" : "Kiswahili"}: each page links to the other.
      </p>
    </div>
  );
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
