import { Link } from "react-router";
import { signInHref } from "~/lib/sign-in-href";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

/** What a reader's own page shows a visitor who is not signed in: why, and the way back here after signing in. */
export function SignInRequired({ what, returnTo }: { what: string; returnTo: string }) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{t("signInRequired.title")}</h1>
      <p className="mt-2 text-gray-700">{what}</p>
      {/* The sign-in page in the page's language once it has one (localizedHref); back here after. */}
      <Link to={localHref(signInHref(returnTo))} className="btn mt-6 inline-block px-6 py-2.5 text-base">
        {t("signInRequired.button")}
      </Link>
    </div>
  );
}
