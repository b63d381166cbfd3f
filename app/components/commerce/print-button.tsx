/** Opens the browser's print dialog; the page's print styles leave only the receipt. */
export function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
    >
      Print
    </button>
  );
}
