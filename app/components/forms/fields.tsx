import { useState, type ReactNode } from "react";
import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

// Fields of a conform form: label, control and error tied together (aria-invalid, aria-describedby), so every form
// reports errors the same accessible way.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

const inputClass =
  "mt-1 w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600";

export function FieldError({ meta }: { meta: Meta }) {
  const error = meta.errors?.[0];
  return error ? (
    <p id={meta.errorId} className="mt-1 text-sm text-red-700">
      {error}
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
  type?: "text" | "email" | "url" | "search" | "number";
  hint?: ReactNode;
  required?: boolean;
  autoComplete?: string;
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
  const [shown, setShown] = useState(false);
  const { key, ...props } = getInputProps(meta, { type: "password" });
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
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium text-brand-700"
        >
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}
