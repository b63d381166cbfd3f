import { useId, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { signInHref } from "~/lib/sign-in-href";

/** The card under an article or ebook that holds what readers wrote (comments, reviews), with its heading. */
export function EngagementSection({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  const headingId = `${useId()}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="mt-10 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="font-serif text-2xl font-bold text-gray-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** For a guest, in place of the form: sign in and come back to this page. */
export function SignInToWrite({ label }: { label: string }) {
  const location = useLocation();
  return (
    <Link
      to={signInHref(location.pathname + location.search)}
      className="mt-3 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      {label}
    </Link>
  );
}
