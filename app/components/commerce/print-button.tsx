/**
 * Opens the browser's print dialog; the page's print styles leave only the receipt. `hidden` on an islands page (ADR
 * 045): its script shows it and wires it up (`data-print`), so no dead button shows without JavaScript.
 */
export function PrintButton({ hidden = false, label = "Print" }: { hidden?: boolean; label?: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      hidden={hidden}
      data-print=""
      className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
    >
      {label}
    </button>
  );
}
