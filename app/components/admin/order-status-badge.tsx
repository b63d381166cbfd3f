const TONES: Record<string, string> = {
  review: "bg-amber-200 text-amber-950",
  pending: "bg-sky-100 text-sky-950",
  completed: "bg-emerald-100 text-emerald-950",
  partially_refunded: "bg-violet-100 text-violet-950",
  refunded: "bg-violet-200 text-violet-950",
  failed: "bg-red-100 text-red-950",
  reversed: "bg-slate-200 text-slate-950",
  cancelled: "bg-gray-200 text-gray-950",
  abandoned: "bg-gray-200 text-gray-950",
};

/** An order's status in words, with a colour that is never the only signal. */
export function OrderStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      data-status={status}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status] ?? "bg-gray-100 text-gray-950"}`}
    >
      {label}
    </span>
  );
}
