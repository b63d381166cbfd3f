import { useState, type ReactNode } from "react";
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useLocale, useT } from "~/lib/i18n/use-t";

// Fields of a conform form: label, control and error tied together (aria-invalid, aria-describedby), so every form
// reports errors the same accessible way.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

const inputClass =
  "mt-1 w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600";

/** A field's message, under it; its id is what the control's aria-describedby names. */
export function ErrorText({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export function FieldError({ meta }: { meta: Meta }) {
  return <ErrorText id={meta.errorId} message={meta.errors?.[0]} />;
}

/** The form's own error (not a field's, e.g. the action's refusal), announced; the form's aria-describedby names it. */
export function FormErrors({ form }: { form: { errors?: string[]; errorId: string } }) {
  return form.errors?.length ? (
    <p role="alert" id={form.errorId} className="rounded-md bg-red-700 p-3 text-sm text-white">
      {form.errors[0]}
    </p>
  ) : null;
}

function Label({ meta, children }: { meta: Meta; children: ReactNode }) {
  return (
    <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
      {children}
    </label>
  );
}

function describedBy(meta: Meta, hint: boolean): string | undefined {
  const ids = [hint ? meta.descriptionId : null, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function Hint({ meta, hint }: { meta: Meta; hint?: ReactNode }) {
  return hint ? (
    <p id={meta.descriptionId} className="mt-1 text-sm text-gray-600">
      {hint}
    </p>
  ) : null;
}

export function TextField({
  meta,
  label,
  type = "text",
  hint,
  required = true,
  ...rest
}: {
  meta: Meta;
  label: ReactNode;
  type?: "text" | "email" | "url" | "search" | "number" | "tel" | "date";
  hint?: ReactNode;
  required?: boolean;
  autoComplete?: string;
  /** The earliest date a date field offers (YYYY-MM-DD). */
  min?: string;
  maxLength?: number;
  placeholder?: string;
  step?: string;
  inputMode?: "numeric" | "decimal" | "text";
}) {
  const { key, ...props } = getInputProps(meta, { type });
  return (
    <div>
      <Label meta={meta}>{label}</Label>
      <input
        key={key}
        {...props}
        {...rest}
        required={required}
        aria-describedby={describedBy(meta, Boolean(hint))}
        className={inputClass}
      />
      <Hint meta={meta} hint={hint} />
      <FieldError meta={meta} />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  hint,
  required = false,
  rows = 4,
  maxLength,
  className,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  rows?: number;
  maxLength?: number;
  className?: string;
}) {
  const { key, ...props } = getTextareaProps(meta);
  return (
    <div className={className}>
      <Label meta={meta}>{label}</Label>
      <Hint meta={meta} hint={hint} />
      <textarea
        key={key}
        {...props}
        rows={rows}
        maxLength={maxLength}
        required={required}
        aria-describedby={describedBy(meta, Boolean(hint))}
        className={`${inputClass} text-base`}
      />
      <FieldError meta={meta} />
    </div>
  );
}

/** A choice from a list (the options are the children); shows what was posted after a refusal. */
export function SelectField({
  meta,
  label,
  defaultValue,
  children,
}: {
  meta: Meta;
  label: ReactNode;
  defaultValue?: string;
  children: ReactNode;
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div>
      <Label meta={meta}>{label}</Label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? meta.errorId : undefined}
        className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3"
      >
        {children}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

/** A password with Show/Hide; sign-in accepts any length, new passwords ask for at least 6 characters. */
export function PasswordField({
  meta,
  label,
  autoComplete,
}: {
  meta: Meta;
  label: string;
  autoComplete: "current-password" | "new-password";
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const { key, ...props } = getInputProps(meta, { type: "password" });
  // A Swahili page is rendered by the server only: its words, and the script's (islands/form-checks.ts) on the button.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser renders English only
  const sw = import.meta.env.SSR && useLocale() === "sw";
  return (
    <div>
      <Label meta={meta}>{label}</Label>
      <div className="relative">
        <input
          key={key}
          {...props}
          type={shown ? "text" : "password"}
          required
          minLength={autoComplete === "new-password" ? 6 : undefined}
          maxLength={128}
          autoComplete={autoComplete}
          aria-describedby={describedBy(meta, false)}
          className={`${inputClass} pr-16`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          // What an islands page's script wires up instead (islands/form-checks.ts).
          data-password-toggle={label.toLowerCase()}
          data-show={sw ? t("auth.show") : undefined}
          data-hide={sw ? t("auth.hide") : undefined}
          aria-label={`${shown ? t("auth.hide") : t("auth.show")} ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium text-brand-700"
        >
          {shown ? t("auth.hide") : t("auth.show")}
        </button>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

// Compact fields (the plan and offer-code editors): the same conform fields, laid out for the admin's dense forms
// (a 44 px control, the message and then the hint under it). The control's id is conform's (`plan-name`); its
// message's id adds `-error`, its hint's `-hint`.

const compactControl = "mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm";
/** A compact form's label; also for a legend or a label written out by hand. */
export const compactLabel = "block text-sm font-medium text-gray-900";
/** A compact form's hint under a field. */
export const compactHint = "mt-1 text-xs text-gray-700";

interface CompactFieldProps {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** The attributes that tie a compact control to its message and hint. */
export function compactDescription(meta: Meta, hint?: ReactNode) {
  const error = meta.errors?.[0];
  const ids = [error ? meta.errorId : null, hint ? `${meta.id}-hint` : null].filter(Boolean);
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids.length ? ids.join(" ") : undefined };
}

/** What a compact control shows first: what was posted (after a refusal) or the form's default value. */
function initialText(meta: Meta): string {
  return typeof meta.initialValue === "string" ? meta.initialValue : "";
}

function CompactField({ meta, label, hint, className, children }: CompactFieldProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className={compactLabel}>
        {label}
      </label>
      {children}
      <FieldError meta={meta} />
      {hint ? (
        <p id={`${meta.id}-hint`} className={compactHint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A one-line compact field. */
export function CompactInput({
  type,
  maxLength,
  inputMode,
  required,
  autoCapitalize,
  controlClassName,
  ...field
}: CompactFieldProps & {
  type?: "text" | "datetime-local";
  maxLength?: number;
  inputMode?: "numeric" | "decimal";
  required?: boolean;
  autoCapitalize?: "characters";
  /** Classes added to the control's own (e.g. `font-mono`). */
  controlClassName?: string;
}) {
  const { meta } = field;
  return (
    <CompactField {...field}>
      <input
        key={meta.key}
        id={meta.id}
        name={meta.name}
        type={type}
        defaultValue={initialText(meta)}
        maxLength={maxLength}
        inputMode={inputMode}
        required={required}
        autoCapitalize={autoCapitalize}
        className={controlClassName ? `${compactControl} ${controlClassName}` : compactControl}
        {...compactDescription(meta, field.hint)}
      />
    </CompactField>
  );
}

/** A compact field of several lines. */
export function CompactTextArea({
  rows,
  maxLength,
  ...field
}: CompactFieldProps & { rows: number; maxLength?: number }) {
  const { meta } = field;
  return (
    <CompactField {...field}>
      <textarea
        key={meta.key}
        id={meta.id}
        name={meta.name}
        defaultValue={initialText(meta)}
        rows={rows}
        maxLength={maxLength}
        className={`${compactControl} py-2`}
        {...compactDescription(meta, field.hint)}
      />
    </CompactField>
  );
}

/** A compact form's own error (not a field's), announced, across the form's grid. */
export function CompactFormErrors({ form }: { form: { errors?: string[]; errorId: string } }) {
  return form.errors?.length ? (
    <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
      {form.errors[0]}
    </p>
  ) : null;
}
