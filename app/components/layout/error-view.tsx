import { useLocation, useNavigate } from "react-router";

/** The error page; `message` explains a refused request (a 4xx with a reason) instead of the generic text. */
export function ErrorView({ message }: { message?: string } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>Something went wrong | Nuru</title>
      <h1 className="text-2xl font-semibold text-gray-900">Something went wrong</h1>
      <p className="mt-2 text-gray-700">{message ?? "We could not show this page. Please try again in a moment."}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a
          href={here}
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
          className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Refresh Page
        </a>
        <button
          type="button"
          onClick={() => navigate(here, { replace: true })}
          className="rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50"
        >
          Try Again
        </button>
      </div>
    </section>
  );
}
