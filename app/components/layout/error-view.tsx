import { Link, useLocation, useNavigate } from "react-router";
import type { AppErrorPayload } from "~/lib/app-error";
export { errorWords } from "./error-words";

/**
 * The one error page: a 404 with where to go instead, or any other status with Refresh and Try Again. `error`
 * (from an AppError) names what went wrong; without it the generic words are shown.
 */
export function ErrorView({ status = 500, error }: { status?: number; error?: Partial<AppErrorPayload> | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  if (status === 404) {
    const title = error?.title ?? "Oops! Page not found.";
    const back = error?.back ?? { to: "/", label: "Return to Home" };
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <title>{`${title.replace(/^Oops! /, "").replace(/\.$/, "")} | Nuru`}</title>
        <meta name="robots" content="noindex" />
        <p className="text-6xl font-bold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-semibold text-gray-900">{title}</h1>
        <p className="mt-2 text-gray-700">
          {error?.message ?? "The page you are looking for has moved or never existed."}
        </p>
        <Link
          to={back.to}
          className="mt-6 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {back.label}
        </Link>
      </section>
    );
  }
  const title = error?.title ?? "Something went wrong";
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${title} | Nuru`}</title>
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-700">
        {error?.message ?? "We could not show this page. Please try again in a moment."}
      </p>
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
