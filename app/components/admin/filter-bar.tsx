import type { ReactNode } from "react";
import { Form, Link } from "react-router";

// The filter bar every admin list shares (issue 31 item 7): a plain GET form (it works without JavaScript and the
// filters stay in the address, so a filtered list can be bookmarked or shared with another admin), labelled fields
// in a row that wraps at 390 px, a submit button and, when the list is filtered, a link that clears the filters.

const control = "mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm";

export function FilterBar({
  children,
  submitLabel = "Filter",
  clearTo,
  search = true,
  formKey,
}: {
  children: ReactNode;
  submitLabel?: string;
  /** Where "Clear" leads (the unfiltered list); no link when absent. */
  clearTo?: string;
  /** A search landmark (a list searched by text); a plain form otherwise. */
  search?: boolean;
  /** Remounts the form when the filters change by a link, so the fields show them. */
  formKey?: string;
}) {
  return (
    <Form key={formKey} method="get" role={search ? "search" : undefined} className="flex flex-wrap items-end gap-3">
      {children}
      <div className="flex gap-2">
        <button type="submit" className="min-h-11 rounded-full bg-gray-900 px-5 text-sm font-semibold text-white">
          {submitLabel}
        </button>
        {clearTo ? (
          <Link
            to={clearTo}
            className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-5 text-sm font-semibold text-gray-900"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function Field({ id, label, wide, children }: { id: string; label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "min-w-48 flex-1" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A text search: takes the row's spare width. */
export function FilterSearch(props: { id: string; label: string; name: string; defaultValue: string }) {
  return (
    <Field id={props.id} label={props.label} wide>
      <input
        id={props.id}
        type="search"
        name={props.name}
        defaultValue={props.defaultValue}
        maxLength={100}
        className={control}
      />
    </Field>
  );
}

export function FilterDate(props: { id: string; label: string; name: string; defaultValue: string }) {
  return (
    <Field id={props.id} label={props.label}>
      <input id={props.id} type="date" name={props.name} defaultValue={props.defaultValue} className={control} />
    </Field>
  );
}

export function FilterSelect(props: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select id={props.id} name={props.name} defaultValue={props.defaultValue} className={control}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
