import { clsx } from "clsx";

/** A form's submit button that shows what is happening while the form is sent (spec busy labels). */
export function SubmitButton({
  busy,
  busyLabel,
  label,
  className,
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      // What an islands page's script shows while the form is sent (islands/form-checks.ts).
      data-busy-label={busyLabel}
      className={clsx(
        "rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70",
        className,
      )}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
