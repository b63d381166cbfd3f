import { clsx } from "clsx";
import type { ReactNode } from "react";
import { nairobiDateTime } from "~/lib/nairobi-display";

// The cards the admin's order page is made of (routes/admin/order.tsx), and the way it writes a moment.

/** One card of the order page, named by its heading (for screen readers too). */
export function OrderSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={clsx("rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6", className)}
    >
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A moment in Nairobi time; a dash when it has not happened. */
export function When({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{nairobiDateTime.format(new Date(iso))}</time> : "—";
}

/** An order status in the admin's words (the loader sends them, so the page ships no status table of its own). */
export type StatusLabel = (status: string | null) => string;
