import { Link, useLocation, useNavigate } from "react-router";
import type { AppErrorPayload } from "~/lib/app-error";
import { useIslands } from "~/components/islands";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
export { errorWords } from "./error-words";

/**
 * The one error page: a 404 with where to go instead, or any other status with Refresh and Try Again. `error`
 * (from an AppError) names what went wrong; without it the generic words are shown, in the page's language (a
 * Swahili error page is rendered by the server only, components/islands.tsx).
 */
export function ErrorView({ status = 500, error }: { status?: number; error?: Partial<AppErrorPayload> | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  const localHref = useLocalHref();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const here = location.pathname + location.search;
  if (status === 404) {
    const title = error?.title ?? t("error.notFound.title");
    const back = error?.back ?? { to: "/", label: t("error.notFound.back") };
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        {/* "Oops! Page not found." is titled "Page not found" ("Samahani! ..." the same). */}
        <title>{`${title.replace(/^\S+! /, "").replace(/\.$/, "")} | Nuru`}</title>
        <meta name="robots" content="noindex" />
        <p className="text-6xl font-bold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-semibold text-gray-900">{title}</h1>
        <p className="mt-2 text-gray-700">{error?.message ?? t("error.notFound.message")}</p>
        <Link
          to={localHref(back.to)}
          className="mt-6 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {back.label}
        </Link>
      </section>
    );
  }
  const title = error?.title ?? t("error.title");
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${title} | Nuru`}</title>
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-700">{error?.message ?? t("error.message")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {/* Without React (a Swahili error page) this is a plain link to the same address: the page asked again. */}
        <a
          href={here}
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
          className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {islands ? t("error.tryAgain") : t("error.refresh")}
        </a>
        {islands ? null : (
          <button
            type="button"
            onClick={() => navigate(here, { replace: true })}
            className="rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50"
          >
            {t("error.tryAgain")}
          </button>
        )}
      </div>
    </section>
  );
}
