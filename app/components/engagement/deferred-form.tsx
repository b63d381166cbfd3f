import { Suspense, type ReactNode } from "react";
import { useNearViewport } from "~/components/ui/when-near-viewport";

/** Where a review or comment form appears once its code has loaded. */
function FormLoading({ what }: { what: "review" | "comment" }) {
  return (
    <p className="mt-4 text-sm text-gray-600">
      Loading the {what} form…
      <noscript> Writing a {what} needs JavaScript turned on in your browser.</noscript>
    </p>
  );
}

/** Renders a lazily loaded form once the reader gets near it; until then, and while it loads, a short notice. */
export function DeferredForm({ what, children }: { what: "review" | "comment"; children: ReactNode }) {
  const [formArea, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={formArea}>
      {near ? <Suspense fallback={<FormLoading what={what} />}>{children}</Suspense> : <FormLoading what={what} />}
    </div>
  );
}
